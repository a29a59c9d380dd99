"""The actions whose body is a whole partition, played by clicking in the group
editor, each a whole hand from a stacked deck, at desktop and phone width:
Manipulation's new table with a rearrangement (by the keyboard alone), a
Conquian take that regroups the seat's melds (a card dragged), a Kalooki
opening of several melds with a joker's stand-in chosen, then a swap, then a
meld whose joker's stand-in the player chooses too. A group
that is no meld shows so at once and is refused on the page; no card the seat
may not know reaches the page."""

import pytest
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE
from tests.browser.helpers import GAME, create_by_api, events_after, ok, view_of
from tests.browser.partitions import (
    FORTY,
    Player,
    against_greedy,
    assert_invalid_marked,
    assert_no_secret,
    deck_of,
    open_seat,
    pack,
)

WIDTHS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])


def finished(page, server, game_id, reason="out"):
    expect(page.locator(GAME)).to_have_attribute("data-status", "finished", timeout=30_000)
    ended = [e for e in events_after(server, game_id, 0) if e["type"] == "HandEnded"]
    assert [e["data"]["reason"] for e in ended] == [reason], ended
    return ended[0]


MANIPULATION = [["4C", "5C", "6C", "7C", "7H", "7S", "3C"],  # seat 0: a run to lay, then a set out of it
                ["2S", "5H", "8D", "JS", "KH", "9H", "QD"],  # the bots can never play: they draw
                ["3H", "6D", "9S", "AD", "QS", "KD", "10H"]]


@WIDTHS
def test_manipulation_table_rearranged_by_keyboard_alone(browse, server, viewport):
    deck = deck_of(MANIPULATION, 0, [], pack(decks=2))
    created = create_by_api(server, "manipulation", [{"name": "Mia"}] + [{"name": "Bot", "bot": "greedy"}] * 2,
                            {"max_hands": 1, "draw_rule": "one"}, deck=deck)
    game_id, token = created["id"], created["seats"][0]["token"]
    page, answers = open_seat(browse, game_id, token, viewport)
    me = Player(page, keyboard=True)
    secret = set(deck) - set(MANIPULATION[0])

    me.wait_turn()
    me.pick("play", ["4C", "5C", "6C", "7C"])
    me.move("play", "new")
    run = me.group("play", ["4C", "5C", "6C", "7C"])
    expect(run).to_have_attribute("data-valid", "true")
    me.pick("play", ["7H"])
    me.move("play", "new")
    assert_invalid_marked(me, "play", me.group("play", ["7H"]))
    me.pick("play", ["7H"], where=me.group("play", ["7H"]).get_attribute("data-group"))
    me.move("play", "pool")
    me.act("play")
    assert [m["cards"] for m in ok(server, "GET", f"/games/{game_id}")["table"]] == [["4C", "5C", "6C", "7C"]]

    me.wait_turn()  # both bots drew a card each
    assert view_of(server, game_id, token)["hand"] == ["7H", "7S", "3C"]
    assert_no_secret(page, answers, secret)
    run_id = me.group("play", ["4C", "5C", "6C", "7C"]).get_attribute("data-group")
    me.pick("play", ["7C"], where=run_id)  # a table card moves to a new group: the rearrangement
    me.pick("play", ["7H", "7S"])
    me.press(me.editor("play").locator('button[data-move-to="new"]'))
    me.pick("play", ["3C"])
    me.move("play", run_id)
    me.act("play")
    finished(page, server, game_id)
    played = [e["data"] for e in events_after(server, game_id, 0) if e["type"] == "TableRearranged"]
    assert [m["cards"] if isinstance(m, dict) else m for m in played[-1]["table"]] == [
        ["3C", "4C", "5C", "6C"], ["7S", "7H", "7C"]], played


CONQUIAN_ME = ["6H", "7H", "JS", "JC", "JD", "2D", "3D", "4D", "5D", "KC"]
CONQUIAN_BOT = ["AS", "4S", "7S", "QS", "2H", "QH", "3C", "6C", "KH", "6D"]  # melds neither KC nor 5H


def conquian_game(server):
    """A game whose seat 0 is the non-dealer (the dealer is drawn from the deck's
    commitment: a game is dealt again until it is so): the upcard JH, then 5H
    on the stock."""
    deck = deck_of([CONQUIAN_ME, CONQUIAN_BOT], 0, ["JH", "5H"], pack(ranks=FORTY))
    for _ in range(40):
        created = create_by_api(server, "conquian", [{"name": "Cy"}, {"name": "Bot", "bot": "greedy"}],
                                {}, deck=deck)
        token = created["seats"][0]["token"]
        if view_of(server, created["id"], token)["dealer"] == 1:
            return created["id"], token, deck
        ok(server, "POST", f"/games/{created['id']}/resign", {}, token)
    raise AssertionError("seat 0 never the non-dealer in 40 deals")


@WIDTHS
def test_conquian_take_that_regroups_the_melds(browse, server, viewport):
    game_id, token, deck = conquian_game(server)
    page, answers = open_seat(browse, game_id, token, viewport)
    me = Player(page)
    secret = set(CONQUIAN_BOT) | set(deck[22:])

    me.wait_turn()
    take = me.editor("take")
    expect(take.locator('[data-group=pool] button[data-card="JH"][data-home=exposed]')).to_have_count(1)
    me.pick("take", ["JH", "6H", "7H"])
    me.move("take", "new")
    me.act("take")
    me.select(["KC"])
    me.act("discard")
    assert [m["cards"] for m in view_of(server, game_id, token)["seats"][0]["melds"]] == [["6H", "7H", "JH"]]

    me.wait_turn()  # the bot declined KC, turned 5H and left it
    assert view_of(server, game_id, token)["exposed"] == "5H"
    assert_no_secret(page, answers, secret)
    run_id = me.group("take", ["6H", "7H", "JH"]).get_attribute("data-group")
    me.pick("take", ["JH"], where=run_id)  # out of the run, into a set
    me.pick("take", ["JS", "JC", "JD"])
    me.move("take", "new")
    expect(take.locator(f'[data-group="{run_id}"]')).to_have_attribute("data-valid", "false")
    take.locator('[data-group=pool] button[data-card="5H"]').drag_to(take.locator(f'[data-group="{run_id}"]'))
    expect(take.locator(f'[data-group="{run_id}"]')).to_have_attribute("data-valid", "true")
    me.pick("take", ["2D", "3D"])
    me.move("take", "new")
    assert_invalid_marked(me, "take", me.group("take", ["2D", "3D"]))
    me.pick("take", ["4D", "5D"])
    me.move("take", me.group("take", ["2D", "3D"]).get_attribute("data-group"))
    me.act("take")
    finished(page, server, game_id)
    melded = [e["data"]["melds"] for e in events_after(server, game_id, 0) if e["type"] == "ExposedCardMelded"]
    assert sorted(map(sorted, melded[-1])) == sorted(map(sorted, [
        ["5H", "6H", "7H"], ["JH", "JS", "JC", "JD"], ["2D", "3D", "4D", "5D"]])), melded


KALOOKI_ME = ["JK", "QS", "KS", "AH", "AD", "AC", "2C", "3C", "4C", "8H", "9H", "10H", "JH", "JS", "5S"]
KALOOKI_BOT = ["2H", "3D", "4S", "5C", "6H", "7D", "8S", "9C", "10D", "JC", "QH", "KD", "AS", "2D", "3H"]


@WIDTHS
def test_kalooki_opening_with_a_stand_in_then_a_swap(browse, server, viewport):
    deck = deck_of([KALOOKI_ME, KALOOKI_BOT], 0, ["9D", "6S"], pack(decks=2, jokers=4))
    game_id, token, page, answers = against_greedy(browse, server, "kalooki", "Kay", deck, viewport)
    me = Player(page)
    secret = set(deck) - set(KALOOKI_ME) - {"9D", "6S"}

    me.wait_turn()
    me.act("draw", "stock")
    me.pick("open", ["JK", "QS", "KS"])
    me.move("open", "new")
    joker_run = me.group("open", ["JK", "QS", "KS"])
    choices = joker_run.locator("button[data-stand-in]")
    assert sorted(choices.evaluate_all("els => els.map(e => e.dataset.as)")) == ["AS", "JS"]
    for meld in (["AH", "AD", "AC"], ["2C", "3C", "4C"], ["8H", "9H", "10H", "JH"]):
        me.pick("open", meld)
        me.move("open", "new")
    assert_invalid_marked(me, "open", joker_run)  # which card the joker stands for is not said yet
    me.press(joker_run.locator('button[data-stand-in][data-as="JS"]'))
    expect(joker_run).to_have_attribute("data-valid", "true")
    me.act("open")
    table = ok(server, "GET", f"/games/{game_id}")["table"]
    joker_meld = next(m for m in table if "JK" in m["cards"])
    assert joker_meld["wild"] == ["JS"] and sorted(joker_meld["cards"]) == ["JK", "KS", "QS"], table
    assert len(table) == 4, table

    me.select(["JS"])
    me.act("swap")  # the joker comes back to the hand, JS in its place
    assert sorted(view_of(server, game_id, token)["hand"]) == ["5S", "6S", "JK"]
    assert_no_secret(page, answers, secret)
    me.select(["5S", "6S", "JK"])
    me.press(page.locator("[data-testid=actions] button[data-action=meld]"))  # the page asks: which card?
    stand_ins = page.locator("[data-testid=actions] button[data-wild]")
    expect(stand_ins).to_have_count(2)
    assert sorted(stand_ins.evaluate_all("els => els.map(e => e.dataset.wild)")) == ["4S", "7S"]
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/actions")) as sent:
        me.press(page.locator('[data-testid=actions] button[data-wild="4S"]'))
    body = sent.value.post_data_json
    assert (body["type"], sorted(body["cards"]), body["wild"]) == ("meld", ["5S", "6S", "JK"], ["4S"]), body
    finished(page, server, game_id)
    laid = [e["data"] for e in events_after(server, game_id, 0) if e["type"] == "MeldLaid"]
    assert laid[-1]["wild"] == ["4S"], laid


def test_kalooki_opening_that_takes_the_discard(browse, server):
    """Before the draw, the editor's opening holds the top discard: it must join
    a meld, and the opening is sent as the turn's draw."""
    deck = deck_of([KALOOKI_ME, KALOOKI_BOT], 0, ["5C", "6S"], pack(decks=2, jokers=4))
    game_id, token, page, _ = against_greedy(browse, server, "kalooki", "Kay", deck, DESKTOP)
    me = Player(page)

    me.wait_turn()
    opening = me.editor("open")
    expect(opening.locator('[data-group=pool] button[data-card="5C"][data-home=discard]')).to_have_count(1)
    for meld in (["AH", "AD", "AC"], ["8H", "9H", "10H", "JH"], ["2C", "3C", "4C"]):
        me.pick("open", meld)
        me.move("open", "new")
    sent = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    me.press(page.locator("[data-testid=actions] button[data-action=open][data-from=discard]"))
    expect(page.locator("[data-testid=message]")).to_contain_text("top discard must join")
    assert not sent, sent
    me.pick("open", ["5C"])
    me.move("open", me.group("open", ["2C", "3C", "4C"]).get_attribute("data-group"))
    me.act("open", "discard")
    view = view_of(server, game_id, token)
    assert view["turn"]["phase"] == "play" and view["seats"][0]["opened"], view
    assert sorted(sorted(m["cards"]) for m in view["table"]) == [
        ["10H", "8H", "9H", "JH"], ["2C", "3C", "4C", "5C"], ["AC", "AD", "AH"]], view["table"]


@pytest.mark.parametrize("variant", ["manipulation", "conquian", "kalooki"])
def test_the_editor_shows_a_listed_arrangement(browse, server, variant):
    """"Show me one that works" lays out a listed action in the editor: every
    group a meld, and the action it sends is accepted."""
    if variant == "conquian":
        game_id, token, _ = conquian_game(server)
    else:
        hands, then = ((MANIPULATION, []) if variant == "manipulation"
                       else ([KALOOKI_ME, KALOOKI_BOT], ["9D", "6S"]))
        seats = [{"name": "Sam"}] + [{"name": "Bot", "bot": "greedy"}] * (len(hands) - 1)
        deck = deck_of(hands, 0, then, pack(decks=2, jokers=4 if variant == "kalooki" else 0))
        created = create_by_api(server, variant, seats, {"max_hands": 1, "draw_rule": "one"} if variant ==
                                "manipulation" else {"max_hands": 1}, deck=deck)
        game_id, token = created["id"], created["seats"][0]["token"]
    page, _ = open_seat(browse, game_id, token, DESKTOP)
    me = Player(page)
    me.wait_turn()
    if variant == "kalooki":
        me.act("draw", "stock")
    kind = {"manipulation": "play", "conquian": "take", "kalooki": "open"}[variant]
    me.press(me.editor(kind).locator(f"button[data-suggest={kind}]"))
    groups = me.editor(kind).locator("[data-group]:not([data-group=pool])")
    expect(groups.first).to_be_visible()
    assert set(groups.evaluate_all("els => els.map(e => e.dataset.valid)")) == {"true"}
    listed = next(a for a in view_of(server, game_id, token)["actions"] if a["type"] == kind)
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/actions")) as sent:
        me.act(kind)  # accepted (201)
    body = sent.value.post_data_json
    field = {"play": "table", "take": "melds", "open": "melds"}[kind]
    assert sorted(map(str, body[field])) == sorted(map(str, listed[field])), (body, listed)

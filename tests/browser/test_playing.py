"""A whole hand played by clicking, in Iceberg, Gin and Fortune, against a greedy bot:
register and create the game through the lobby's forms, then only clicks on
cards and buttons; the bot's moves reach the page without a reload; then the
hand's replay, stepped through, ends on the hand's scores."""

import re
import time
from collections import Counter

import pytest
from playwright.sync_api import expect

from domain.gin.deadwood import best_knock, min_deadwood
from tests.browser import DESKTOP, PHONE
from tests.browser.helpers import (
    GAME,
    REPLAY,
    assert_hand_shown,
    create_by_form,
    events_after,
    hand_result,
    ok,
    page_version,
    perform,
    register,
    replay_of,
    seat_token,
    view_of,
    wait_my_turn_or_over,
    wait_replay_loaded,
    wait_version,
)
from tests.browser.partitions import Answers, Player, against_greedy, assert_only_known, deck_of, pack

#: every hand by clicking at desktop and at phone width
WIDTHS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280px", "390px"])


def iceberg_choice(view):
    """The biggest meld, else a lay-off, else a discard, else the draw or pick-up."""
    actions = view["actions"]
    for kind in ("meld", "layoff", "discard"):
        found = [a for a in actions if a["type"] == kind]
        if found:
            return max(found, key=lambda a: len(a.get("cards", ())))
    return next(a for a in actions if a["type"] in ("pickup", "draw"))


def gin_choice(view):
    """Show when asked, knock when allowed, discard what leaves the least
    deadwood, take the discard only when it helps."""
    actions, hand = view["actions"], view["hand"]

    def of(kind, source=None):
        return [a for a in actions if a["type"] == kind and (source is None or a.get("from") == source)]

    if of("show"):
        return of("show")[0]
    for kind in ("knock", "discard"):
        if of(kind):
            left = best_knock(hand)
            return min(of(kind), key=lambda a: left[a["card"]])
    if of("draw", "discard") and view["discard"]:
        if min(best_knock(hand + [view["discard"][-1]]).values()) < min_deadwood(hand):
            return of("draw", "discard")[0]
    return (of("pass") + of("draw", "stock") + actions)[0]


def play_hand_by_clicking(page, server, game_id, token, choose, max_steps=400, max_seconds=120, answers=None):
    """Click through the game (one hand: max_hands is 1) until it is over; at
    each of my turns, the page holds no card I may not know (`answers`: what
    the page received). Returns (versions my clicks made, versions the page showed at my turns and
    at the end, the actions used, the version when the loop began)."""
    main = page.locator(GAME)
    page.evaluate("() => { window.__marker = 1; }")
    start = page_version(page)
    made, observed, used = set(), [], Counter()
    deadline = time.monotonic() + max_seconds
    for _ in range(max_steps):
        assert time.monotonic() < deadline, f"the hand took over {max_seconds} s; actions used: {used}"
        wait_my_turn_or_over(page)
        view = view_of(server, game_id, token)
        if view["status"] == "finished":
            break
        assert view["actions"], "the page says it is my turn, so the API lists my legal actions"
        wait_version(page, view["version"])  # the page shows what the API shows
        expect(main).to_have_attribute("data-my-turn", "true")
        observed.append(view["version"])
        assert_hand_shown(page, view)
        if answers:
            assert_only_known(page, answers, server, game_id, token, view)
        action = choose(view)
        made.add(perform(page, action))
        used[action["type"] + (f":{action['from']}" if action.get("from") else "")] += 1
    else:
        raise AssertionError(f"the hand did not end in {max_steps} steps; actions used: {used}")
    expect(main).to_have_attribute("data-status", "finished", timeout=30_000)
    final = ok(server, "GET", f"/games/{game_id}")["version"]
    wait_version(page, final)
    observed.append(final)
    assert page.evaluate("() => window.__marker") == 1, "the page never reloaded"
    print(f"{game_id}: my actions {dict(used)}; page versions at my turns {observed}; my clicks made {sorted(made)}")
    return made, observed, used, start


def assert_bot_moves_arrived(server, game_id, made, observed, start, bot_seat=1):
    """The bot's events after the loop began reached the page by its long-poll:
    the page showed versions none of my clicks made."""
    bot_moves = [e for e in events_after(server, game_id, start) if (e.get("data") or {}).get("seat") == bot_seat]
    if bot_moves:  # none only when I ended the hand within my first turn
        unmade = [v for v in observed if v not in made]
        assert unmade, f"the page showed only versions my clicks made ({sorted(made)}), never the bot's"


def check_replay(page, server, game_id, score_field):
    """Open hand 0's replay from the game page's link and step through it."""
    result = hand_result(server, game_id, 0)
    link = page.locator('#replays a[data-hand="0"]')
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(rf"/play/games/{game_id}/hands/0/replay"))
    wait_replay_loaded(page)
    frames = replay_of(server, game_id, 0)["frames"]
    main = page.locator(REPLAY)
    expect(main).to_have_attribute("data-frames", str(len(frames)))
    slider = page.locator("input[type=range][data-testid=frame-slider]")
    assert int(slider.get_attribute("max")) + 1 == len(frames), "one slider position per frame"

    slider.focus()
    slider.press("Home")
    expect(main).to_have_attribute("data-frame", "0")
    narration = page.locator("[data-testid=narration]")
    told = []
    for i in range(min(4, len(frames))):
        if i:
            page.locator("#next").click()
            expect(main).to_have_attribute("data-frame", str(i))
        expect(narration).to_have_text(frames[i]["narration"])
        told.append(narration.inner_text().strip())
    assert all(told), told
    assert len(set(told)) == len(told), f"the narration changes from frame to frame: {told}"
    expect(page.locator("[data-testid=scores]")).to_have_count(0)  # only at the last frame

    slider.press("End")
    expect(main).to_have_attribute("data-frame", str(len(frames) - 1))
    scores = page.locator("table[data-testid=scores]")
    expect(scores).to_be_visible()
    expect(scores.locator("tr[data-seat]")).to_have_count(len(result["results"]))
    for row in result["results"]:
        cell = scores.locator(f'tr[data-seat="{row["seat"]}"] td[data-field={score_field}]')
        expect(cell).to_have_text(str(row[score_field]))

    middle = len(frames) // 2
    direct = page.context.new_page()
    direct.goto(f"/play/games/{game_id}/hands/0/replay#v={frames[middle]['version']}")
    wait_replay_loaded(direct)
    expect(direct.locator(REPLAY)).to_have_attribute("data-frame", str(middle))
    expect(direct.locator("[data-testid=narration]")).to_have_text(frames[middle]["narration"])
    direct.close()


@WIDTHS
def test_iceberg_hand_by_clicking(browse, server, viewport):
    page = browse.page(viewport)
    answers = Answers(page)
    register(page, "Ann")
    game_id = create_by_form(page, "iceberg", ["me", ("bot", "greedy")], {"max_hands": 1})
    main = page.locator(GAME)
    expect(main).to_have_attribute("data-variant", "iceberg")
    expect(main).to_have_attribute("data-seat", "0")
    token = seat_token(page, game_id)
    table = ok(server, "GET", f"/games/{game_id}")
    assert table["rules"]["max_hands"] == 1 and [s["bot"] for s in table["seats"]] == [None, "greedy"]

    made, observed, used, start = play_hand_by_clicking(page, server, game_id, token, iceberg_choice, answers=answers)
    assert used["draw"] >= 1 and used["discard"] + used["meld"] + used["layoff"] >= 1, used
    assert_bot_moves_arrived(server, game_id, made, observed, start)
    if viewport == DESKTOP:  # the replay once is enough
        check_replay(page, server, game_id, "total")


@WIDTHS
def test_gin_hand_by_clicking(browse, server, viewport):
    page = browse.page(viewport)
    answers = Answers(page)
    register(page, "Gia")
    game_id = create_by_form(page, "gin", ["me", ("bot", "greedy")], {"max_hands": 1})
    main = page.locator(GAME)
    expect(main).to_have_attribute("data-variant", "gin")
    draws = page.locator("[data-testid=actions] button[data-action=draw]")
    expect(draws).to_have_count(2)
    assert sorted(draws.evaluate_all("els => els.map(e => e.dataset.from)")) == ["discard", "stock"]
    token = seat_token(page, game_id)

    made, observed, used, start = play_hand_by_clicking(page, server, game_id, token, gin_choice, answers=answers)
    assert used["discard"] + used["knock"] + used["show"] >= 1, used
    assert_bot_moves_arrived(server, game_id, made, observed, start)
    if viewport == DESKTOP:  # the replay once is enough
        check_replay(page, server, game_id, "score")


def fortune_choice(view):
    """The biggest meld, else a lay-off, else a discard; at the draw, take the
    pile when a meld with its top card is listed (selecting the hand's cards
    for it), else draw from the stock."""
    actions = view["actions"]
    for kind in ("meld", "layoff", "take_pile", "discard"):
        found = [a for a in actions if a["type"] == kind]
        if found:
            return max(found, key=lambda a: len(a.get("cards", ())))
    return next(a for a in actions if a["type"] == "draw")


@WIDTHS
def test_fortune_hand_by_clicking(browse, server, viewport):
    """Every variant the engine hosts is playable on the page: Fortune Rummy too."""
    page = browse.page(viewport)
    answers = Answers(page)
    register(page, "Flo")
    game_id = create_by_form(page, "fortune", ["me", ("bot", "greedy")], {"max_hands": 1})
    expect(page.locator(GAME)).to_have_attribute("data-variant", "fortune")
    token = seat_token(page, game_id)

    made, observed, used, start = play_hand_by_clicking(page, server, game_id, token, fortune_choice, answers=answers)
    assert used["draw"] + used["take_pile"] >= 1 and used["discard"] + used["meld"] >= 1, used
    assert_bot_moves_arrived(server, game_id, made, observed, start)
    if viewport == DESKTOP:  # the replay once is enough
        check_replay(page, server, game_id, "total")


def kalooki_choice(view):
    """Open when an opening is listed, swap a joker, lay the biggest meld or a
    lay-off, else discard; at the draw, an opening that takes the discard, else
    the stock."""
    actions = view["actions"]
    for kind in ("open", "swap", "meld", "layoff", "discard"):
        found = [a for a in actions if a["type"] == kind]
        if found:
            return max(found, key=lambda a: len(a.get("cards", ())))
    return next(a for a in actions if a["type"] == "draw" and a["from"] == "stock")


@WIDTHS
def test_kalooki_hand_by_clicking(browse, server, viewport):
    """Kalooki on the page: its jokers drawn, its opening made from the selected hand cards."""
    page = browse.page(viewport)
    answers = Answers(page)
    register(page, "Kit")
    game_id = create_by_form(page, "kalooki", ["me", ("bot", "greedy")], {"max_hands": 1})
    expect(page.locator(GAME)).to_have_attribute("data-variant", "kalooki")
    token = seat_token(page, game_id)

    made, observed, used, start = play_hand_by_clicking(page, server, game_id, token, kalooki_choice, answers=answers)
    assert used["draw:stock"] >= 1 and used["discard"] + used["open"] >= 1, used
    assert_bot_moves_arrived(server, game_id, made, observed, start)
    if viewport == DESKTOP:  # the replay once is enough
        check_replay(page, server, game_id, "total")


FORTUNE_ME = ["2C", "8H", "KS", "QD", "9C", "5D", "3S", "JC", "4D", "10S", "6C"]
FORTUNE_BOT = ["KD", "QC", "JD", "10C", "9S", "6D", "5S", "4C", "3D", "AS", "AC"]


def test_fortune_take_of_the_pile_asks_what_the_deuce_stands_for(browse, server):
    """Taking the pile with a deuce that may stand for either end of a run: the
    page asks which, and sends the take with the card the player chose (a
    random hand by clicking meets such a take now and then: the clicking helper
    has to answer the question too)."""
    deck = deck_of([FORTUNE_ME, FORTUNE_BOT], 0, ["7H"], pack(decks=2))
    game_id, token, page, _ = against_greedy(browse, server, "fortune", "Flo", deck, DESKTOP)
    me = Player(page)

    me.wait_turn()
    assert {(a["type"], tuple(a.get("wild", ()))) for a in view_of(server, game_id, token)["actions"]
            if a["type"] == "take_pile"} == {("take_pile", ("6H",)), ("take_pile", ("9H",))}
    me.select(["2C", "8H"])
    me.press(page.locator("[data-testid=actions] button[data-action=take_pile]"))  # the page asks: which card?
    stand_ins = page.locator("[data-testid=actions] button[data-wild]")
    expect(stand_ins).to_have_count(2)
    assert sorted(stand_ins.evaluate_all("els => els.map(e => e.dataset.wild)")) == ["6H", "9H"]
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/actions")) as answer:
        me.press(page.locator('[data-testid=actions] button[data-wild="9H"]'))
    body = answer.value.request.post_data_json
    assert (body["type"], sorted(body["cards"]), body["wild"]) == ("take_pile", ["2C", "8H"], ["9H"]), body
    assert answer.value.status == 201, answer.value.text()
    laid = [e["data"] for e in events_after(server, game_id, 0) if e["type"] == "MeldLaid"]
    assert (sorted(laid[0]["cards"]), laid[0]["wild"]) == (["2C", "7H", "8H"], ["9H"]), laid

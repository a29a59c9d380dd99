"""The game page on its own: a move the rules do not allow is refused on the
page, with a message and no request; and the page shows no card its reader
may not know."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.helpers import (
    CARD,
    GAME,
    assert_hand_shown,
    cards_in,
    create_by_api,
    events_after,
    hand_on_page,
    perform,
    play_by_api,
    select_cards,
    view_of,
    wait_loaded,
    wait_version,
    wait_version_at_least,
)

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def iceberg_deck(seat0, seat1, stock_top):
    """A full deck for two seats, seat 0 first: dealt one card at a time."""
    dealt = [card for pair in zip(seat0, seat1) for card in pair] + [stock_top]
    rest = [rank + suit for suit in "SHDC" for rank in RANKS if rank + suit not in dealt]
    return dealt + rest


def open_seat_page(browse, server, game_id, token, viewport=None):
    """The game page with the seat token in the URL's fragment, as a link
    carries it; the page keeps the token and drops it from the address."""
    page = browse.page(viewport)
    page.goto(f"/play/games/{game_id}#token={token}")
    wait_loaded(page)
    assert "token" not in page.url, page.url
    return page


def pair_and_odd_cards(browse, server):
    """Seat 0's page in a dealt game where it holds a pair (so Meld is usable)
    and 5D 9C (not a meld in any way): (page, game id, seat token)."""
    deck = iceberg_deck(["2S", "2H", "5D", "9C", "KH", "7S", "4C"], ["3D", "6H", "8S", "JD", "QC", "10S", "4H"],
                        "9H")
    created = create_by_api(server, "iceberg", [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}],
                            {"max_hands": 1}, deck=deck)
    game_id, token = created["id"], created["seats"][0]["token"]
    return open_seat_page(browse, server, game_id, token), game_id, token


def test_refused_move(browse, server):
    page, game_id, token = pair_and_odd_cards(browse, server)
    main = page.locator(GAME)
    expect(main).to_have_attribute("data-my-turn", "true")
    perform(page, {"type": "draw"})  # now the play phase
    view = view_of(server, game_id, token)
    assert view["turn"]["phase"] == "play" and {"meld", "discard"} <= {a["type"] for a in view["actions"]}
    assert not any(sorted(a.get("cards", [])) == ["5D", "9C"] for a in view["actions"])
    wait_version(page, view["version"])
    assert_hand_shown(page, view)
    message = page.locator("[data-testid=message]")
    expect(message).to_be_hidden()

    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    select_cards(page, ["5D", "9C"])
    meld = page.locator("[data-testid=actions] button[data-action=meld]")
    expect(meld).to_be_enabled()
    meld.click()
    expect(message).to_be_visible()
    expect(message).to_have_text(re.compile(r"\S"))
    assert message.get_attribute("role") == "alert"

    # the same with a discard of two cards: the page wants exactly one
    page.locator("[data-testid=actions] button[data-action=discard]").click()
    expect(message).to_be_visible()
    expect(message).to_have_text(re.compile(r"\S"))

    assert posts == [], f"the page sent a move the rules refuse: {posts}"
    assert events_after(server, game_id, view["version"], token) == [], "nothing happened in the game"
    assert view_of(server, game_id, token)["version"] == view["version"]
    assert page.locator(GAME).get_attribute("data-version") == str(view["version"])
    assert sorted(hand_on_page(page)) == sorted(view["hand"]), "the hand is as it was"
    expect(main).to_have_attribute("data-my-turn", "true")


def nth_turn_after_drawing(n):
    """until() for play_by_api: seat 0's n-th turn, once it has drawn."""
    seen = {"turns": 0, "counted": False}

    def until(view):
        drawn = view["turn"]["phase"] not in ("pickup", "draw", "upcard")
        if drawn and not seen["counted"]:
            seen["turns"] += 1
        seen["counted"] = drawn
        return drawn and seen["turns"] >= n

    return until


SEATS = {
    "iceberg": ([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], {"max_hands": 1}),
    "gin": ([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], {"max_hands": 1}),
    "fortune": ([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], {"hands": 1}),
    "kalooki": ([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], {"max_hands": 1}),
}


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_no_card_leak(browse, server, variant):
    """Seat 0's page, mid-hand at seat 0's turn after its draw: every card the
    page draws is one the seat's view names, and every card code in its text
    one the view or the seat's own event log names."""
    seats, rules = SEATS[variant]
    for _attempt in range(3):  # a hand may end early; then deal another game
        created = create_by_api(server, variant, seats, rules)
        game_id, token = created["id"], created["seats"][0]["token"]
        view = play_by_api(server, game_id, {0: token}, until=nth_turn_after_drawing(2))
        if view["status"] == "active":
            break
    assert view["status"] == "active" and view["seat"] == 0, "a hand still on at seat 0's second turn"

    page = open_seat_page(browse, server, game_id, token)
    wait_version(page, view["version"])
    assert_hand_shown(page, view)
    known = cards_in(view)
    assert len(known) < 40, f"a seat's view mid-hand names only some cards: {sorted(known)}"
    on_page = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert on_page, "the page draws cards"
    assert set(on_page) <= known, f"cards the seat may not see: {sorted(set(on_page) - known)}"

    heard = known | cards_in(events_after(server, game_id, 0, token))
    text = page.locator("body").inner_text()
    labels = page.locator("[aria-label], [title]").evaluate_all(
        "els => els.map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''))")
    named = set(CARD.findall(text)) | names_in(" ".join(labels)) | names_in(text)
    assert named <= heard, f"the page names cards the seat may not know: {sorted(named - heard)}"


SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
RANK_WORDS = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
DRAWN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])\s*([♠♥♦♣])")
NAMED = re.compile(r"\b(ace|jack|queen|king|10|[2-9])\s+of\s+(spades|hearts|diamonds|clubs)\b", re.I)


def names_in(text):
    """Cards written out ("7 of hearts", "queen of spades") or drawn ("7♥") as codes."""
    return ({RANK_WORDS.get(rank.lower(), rank) + SUITS[suit.lower()] for rank, suit in NAMED.findall(text)}
            | {rank + SYMBOLS[symbol] for rank, symbol in DRAWN.findall(text)})


def focused_control(page) -> dict | None:
    return page.evaluate("""() => { const a = document.activeElement;
        return a && a.tagName === 'BUTTON' ? {...a.dataset, disabled: a.disabled} : null; }""")


def settled_focus(page) -> dict | None:
    """The focused control once the action has finished. The long-poll may
    redraw the new state before the action's own answer arrives, and until that
    answer the controls are disabled, so the focus is on no control yet. After
    5 s without one: what is focused then (None: nothing usable)."""
    try:
        page.wait_for_function("""() => { const a = document.activeElement;
            return a && a.tagName === 'BUTTON' && !a.disabled; }""", timeout=5_000)
    except PlaywrightTimeoutError:
        pass
    return focused_control(page)


def test_played_by_keyboard_alone(browse, server):
    """Tab reaches the draw; Enter draws; the keyboard stays on a usable control
    after the page redraws; Space and Enter select cards; Enter melds them."""
    page, game_id, token = pair_and_odd_cards(browse, server)
    expect(page.locator(GAME)).to_have_attribute("data-my-turn", "true")
    for _ in range(40):
        page.keyboard.press("Tab")
        if (focused_control(page) or {}).get("action") == "draw":
            break
    assert (focused_control(page) or {}).get("action") == "draw", "Tab reaches the draw button"
    version = int(page.locator(GAME).get_attribute("data-version"))
    page.keyboard.press("Enter")
    # the page shows the draw (the server read at once may not have it yet), then the server's version
    wait_version_at_least(page, version + 1)
    wait_version(page, view_of(server, game_id, token)["version"])
    after_draw = settled_focus(page)
    assert after_draw and not after_draw["disabled"], f"the keyboard kept a usable control: {after_draw}"

    hand = page.locator("[data-testid=hand]")
    for card, key in (("2S", " "), ("2H", "Enter")):
        button = hand.locator(f'button[data-card="{card}"]')
        button.focus()
        page.keyboard.press(key)
        expect(button).to_have_attribute("aria-pressed", "true")
    meld = page.locator("[data-testid=actions] button[data-action=meld]")
    meld.focus()
    page.keyboard.press("Enter")
    expect(hand.locator('[data-card="2S"]')).to_have_count(0)
    expect(page.locator('[data-testid=table] [data-card="2H"]')).to_have_count(1)
    after_meld = settled_focus(page)
    assert after_meld and not after_meld["disabled"], f"the keyboard kept a usable control: {after_meld}"

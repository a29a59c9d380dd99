"""The hand that helps: sorted by suit or by rank (the choice remembered by the
browser), reordered by dragging a card or with Shift and the arrows, and Gin's
deadwood counted live on the page from the seat's own cards (checked against
the server's exact solver on many hands)."""

import random

from playwright.sync_api import expect

from domain.gin.deadwood import best_knock, min_deadwood
from tests.browser.helpers import GAME, hand_on_page, view_of, wait_loaded
from tests.browser.test_game_page import pair_and_odd_cards

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "C", "D"]


def by_suit(cards):
    return sorted(cards, key=lambda c: (SUITS.index(c[-1]), RANKS.index(c[:-1])))


def by_rank(cards):
    return sorted(cards, key=lambda c: (RANKS.index(c[:-1]), SUITS.index(c[-1])))


def test_hand_sorted_by_suit_or_rank_and_the_choice_remembered(browse, server):
    page, game_id, token = pair_and_odd_cards(browse, server)
    hand = view_of(server, game_id, token)["hand"]
    assert hand_on_page(page) == by_suit(hand), "by suit unless the player chose otherwise"
    expect(page.locator("[data-testid=hand] button[data-sort=suit]")).to_have_attribute("aria-pressed", "true")

    page.locator("[data-testid=hand] button[data-sort=rank]").click()
    assert hand_on_page(page) == by_rank(hand)
    assert page.evaluate("() => localStorage.getItem('iceberg.sort')") == "rank"

    page.reload()
    wait_loaded(page)
    expect(page.locator("[data-testid=hand] button[data-sort=rank]")).to_have_attribute("aria-pressed", "true")
    assert hand_on_page(page) == by_rank(hand), "the browser remembers the order chosen"


def test_cards_moved_by_keyboard_and_by_drag(browse, server):
    page, game_id, token = pair_and_odd_cards(browse, server)
    start = hand_on_page(page)
    cards = page.locator("[data-testid=hand] button[data-card]")

    cards.nth(0).focus()
    page.keyboard.press("Shift+ArrowRight")
    moved = [start[1], start[0], *start[2:]]
    assert hand_on_page(page) == moved
    focused = page.evaluate("() => document.activeElement.dataset.card")
    assert focused == start[0], "the keyboard stays on the card it moves"
    page.keyboard.press("Shift+ArrowLeft")
    assert hand_on_page(page) == start
    for button in cards.all():
        expect(button).to_have_attribute("aria-pressed", "false")  # moving is not selecting

    cards.nth(0).drag_to(cards.nth(len(start) - 1))
    assert hand_on_page(page) == [*start[1:], start[0]]
    for button in cards.all():
        expect(button).to_have_attribute("aria-pressed", "false")  # a drag is not a click
    for sort in ("suit", "rank"):
        expect(page.locator(f"[data-testid=hand] button[data-sort={sort}]")).to_have_attribute("aria-pressed", "false")

    cards.nth(0).click()  # a plain click still selects
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    page.locator("[data-testid=hand] button[data-sort=suit]").click()
    assert hand_on_page(page) == by_suit(start)


def test_gin_deadwood_counted_like_the_server(browse, server):
    from tests.browser.helpers import create_by_api

    created = create_by_api(server, "gin", [{"name": "Gil"}, {"name": "Bot", "bot": "greedy"}], {"max_hands": 1})
    game_id, token = created["id"], created["seats"][0]["token"]
    page = browse.page()
    page.goto(f"/play/games/{game_id}#token={token}")
    wait_loaded(page)
    expect(page.locator(GAME)).to_have_attribute("data-variant", "gin")
    hand = view_of(server, game_id, token)["hand"]
    expected = min(best_knock(hand).values()) if len(hand) == 11 else min_deadwood(hand)
    expect(page.locator("[data-testid=hand] [data-deadwood]")).to_have_attribute("data-deadwood", str(expected))

    deck = [r + s for s in SUITS for r in RANKS]
    rng = random.Random(31)
    hands = [rng.sample(deck, rng.choice((10, 11))) for _ in range(150)]
    # meld-rich hands too: runs and sets dealt on purpose
    for _ in range(50):
        suit = rng.choice(SUITS)
        low = rng.randrange(0, 9)
        run = [RANKS[i] + suit for i in range(low, low + rng.choice((3, 4, 5)))]
        rank = rng.choice(RANKS)
        same = [rank + s for s in SUITS if rank + s not in run]
        rest = [c for c in deck if c not in run and c not in same]
        size = rng.choice((10, 11))
        chosen = (run + same)[:size]
        hands.append(chosen + rng.sample(rest, size - len(chosen)))
    counted = page.evaluate("""async (hands) => {
        const { deadwoodOf } = await import('/play/static/deadwood.js');
        return hands.map((hand) => deadwoodOf(hand).points); }""", hands)
    for hand, points in zip(hands, counted):
        expected = min(best_knock(hand).values()) if len(hand) == 11 else min_deadwood(hand)
        assert points == expected, (hand, points, expected)

"""The hand that helps: sorted by suit or by rank (the choice remembered by the
browser), reordered by dragging a card or with Shift and the arrows,."""

from playwright.sync_api import expect

from tests.browser.helpers import hand_on_page, view_of, wait_loaded
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

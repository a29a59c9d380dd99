"""The hand that helps, seen in the browser: real card faces (SVG drawn by the
page, each card still a named [data-card] button), the same faces on the
table and in the replay; a selection that is exactly a listed meld marked
(data-legal); the turn's phase in words; and the rules panel, opened and
closed with the keyboard."""

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.helpers import (
    GAME,
    REPLAY,
    create_by_api,
    finish_by_api,
    perform,
    replay_of,
    select_cards,
    view_of,
    wait_replay_loaded,
    wait_version,
)
from tests.browser.test_game_page import pair_and_odd_cards

HAND = "[data-testid=hand]"
RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def faces_of(page, scope):
    """(card, aria-label, has an SVG face, face's fill colours) of every [data-card] in `scope`."""
    return page.locator(f"{scope} [data-card]").evaluate_all("""els => els.map(e => {
        const face = e.querySelector('svg.face');
        const fills = face ? [...face.querySelectorAll('path')].map(p => p.getAttribute('fill')) : [];
        const box = e.getBoundingClientRect();
        return [e.dataset.card, e.getAttribute('aria-label'), Boolean(face) && box.width > 20 && box.height > 28,
                [...new Set(fills)]]; })""")


def test_cards_have_faces_and_names_and_a_legal_meld_is_marked(browse, server):
    page, game_id, token = pair_and_odd_cards(browse, server)
    expect(page.locator("#status")).to_contain_text("Your turn: draw a card.")  # the phase in words, not "draw"

    faces = faces_of(page, HAND)
    assert len(faces) == 7
    for card, label, drawn, fills in faces:
        assert drawn, card
        rank = {"K": "king", "Q": "queen", "J": "jack", "A": "ace"}.get(card[:-1], card[:-1])
        suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[card[-1]]
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]
        assert label == f"{card[:-1]}{symbol}, {rank} of {suit}", (card, label)  # what it shows, then its name
        assert fills == (["#b3261e"] if card[-1] in "HD" else ["#1d1d1f"]), (card, fills)

    perform(page, {"type": "draw"})
    view = view_of(server, game_id, token)
    wait_version(page, view["version"])
    hand = page.locator(HAND)
    select_cards(page, ["2S"])
    expect(hand).not_to_have_attribute("data-legal", re.compile(".*"))
    select_cards(page, ["2H"])  # the pair: a meld the view lists
    assert any(a["type"] == "meld" and sorted(a["cards"]) == ["2H", "2S"] for a in view["actions"])
    expect(hand).to_have_attribute("data-legal", "meld")
    expect(page.locator("[data-testid=actions] .hint")).to_have_text("The selected cards make a meld you can lay.")
    outline = page.locator(f'{HAND} button[data-card="2S"]').evaluate("e => getComputedStyle(e).boxShadow")
    assert "30, 123, 52" in outline, outline  # the green outline of a legal selection
    select_cards(page, ["5D"])  # one card more: no longer a listed meld
    expect(hand).not_to_have_attribute("data-legal", re.compile(".*"))
    page.locator(f'{HAND} button[data-card="5D"]').click()
    expect(hand).to_have_attribute("data-legal", "meld")

    page.locator("[data-testid=actions] button[data-action=meld]").click()
    meld = page.locator("[data-testid=table] [data-meld]").first
    expect(meld).to_be_visible()
    table = faces_of(page, "[data-testid=table] [data-meld]")
    assert sorted(c for c, _, _, _ in table) == ["2H", "2S"] and all(drawn for _, _, drawn, _ in table), table
    expect(hand).not_to_have_attribute("data-legal", re.compile(".*"))  # the selection is gone with the move


def test_the_replay_draws_the_same_faces(browse, server):
    created = create_by_api(server, "iceberg", [{"name": "Ann"}, {"name": "Bea"}], {"max_hands": 1})
    game_id = created["id"]
    finish_by_api(server, game_id, {s["seat"]: s["token"] for s in created["seats"]})
    replay_of(server, game_id, 0)
    page = browse.page()
    page.goto(f"/play/games/{game_id}/hands/0/replay")
    wait_replay_loaded(page)
    faces = faces_of(page, REPLAY)
    assert len(faces) >= 14 and all(drawn for _, _, drawn, _ in faces), faces


def test_a_joker_has_its_own_face(page, server):
    page.goto("/play/")
    joker = page.evaluate("""async () => {
        const { cardEl } = await import('/play/static/common.js');
        const card = cardEl('JK', { button: true, as: '7H' });
        document.body.append(card);
        return [card.dataset.card, card.getAttribute('aria-label'), card.querySelector('svg.face text').textContent,
                card.querySelector('svg').getAttribute('aria-hidden')]; }""")
    assert joker == ["JK", "Joker=7H, joker as 7 of hearts", "JOKER", "true"]


def test_the_rules_panel_by_keyboard(browse, server):
    page, game_id, token = pair_and_odd_cards(browse, server)
    expect(page.locator(GAME)).to_have_attribute("data-variant", "iceberg")
    button = page.locator('#rules button[data-rules="open"]')
    panel = page.locator("dialog[data-testid=rules]")
    expect(panel).to_be_hidden()
    button.focus()
    with page.expect_response(lambda r: r.url.endswith("/play/rules/iceberg")) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 200
    expect(panel).to_be_visible()
    expect(panel.locator("#rules-heading")).to_have_text("Rules of Iceberg")
    source = (RULES / "iceberg.md").read_text()
    sections = re.findall(r"^## (.+)$", source, flags=re.M)
    expect(panel.locator(".rules-body h2")).to_have_count(len(sections))
    expect(panel.locator(".rules-body h2").first).to_have_text(sections[0].replace("`", ""))
    assert panel.locator("script").count() == 0
    inside = page.evaluate("() => Boolean(document.activeElement.closest('dialog[data-testid=rules]'))")
    assert inside, "the keyboard is in the panel once it opens"

    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    assert page.evaluate("() => document.activeElement.dataset.rules") == "open", "the focus goes back to the button"
    page.keyboard.press("Space")  # open again: the text is kept, not fetched twice
    expect(panel).to_be_visible()
    expect(panel.locator(".rules-body h2")).to_have_count(len(sections))
    panel.locator('button[data-rules="close"]').press("Enter")
    expect(panel).to_be_hidden()


def test_which_listed_move_a_selection_makes(page, server):
    """hints.js on the moves of every shape: a selection counts only when it is
    exactly the hand cards of a listed move (two decks: a code may repeat)."""
    page.goto("/play/")
    found = page.evaluate("""async () => {
        const { legalKind } = await import('/play/static/hints.js');
        const actions = [
          { type: 'discard', card: '9C' },
          { type: 'meld', cards: ['7H', '7S', '7D'] },
          { type: 'layoff', meld: 'm1', cards: ['8H'] },
          { type: 'take_pile', cards: ['QS', 'KS'] },
          { type: 'open', take_discard: true, melds: [{ cards: ['4C', '5C', '6C'] }, { cards: ['JK', '2D', '2H'] }] },
          { type: 'take', melds: [['3S', '3H', '3D'], ['AS', 'AH', 'AC']] },
        ];
        const opening = (a) => a.melds.flatMap((m) => m.cards).filter((c) => c !== '6C'); // 6C: the discard taken
        const hand = ['7H', '7S', '7D', '7D', '8H', 'QS', 'KS', '4C', '5C', 'JK', '2D', '2H', '3S', '3H', '9C'];
        const kind = (cards) => legalKind(actions, cards, { hand, opening });
        return {
          meld: kind(['7S', '7D', '7H']), tooMany: kind(['7S', '7D', '7H', '7D']), one: kind(['9C']),
          layoff: kind(['8H']), pile: kind(['KS', 'QS']), open: kind(['4C', '5C', 'JK', '2D', '2H']),
          take: kind(['3S', '3H']), none: kind([]), notTurn: legalKind([], ['7S', '7D', '7H'], { hand }),
        };
    }""")
    assert found == {"meld": "meld", "tooMany": None, "one": None, "layoff": "layoff", "pile": "take_pile",
                     "open": "open", "take": "take", "none": None, "notTurn": None}

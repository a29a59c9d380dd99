"""What the browser tests of the group editor share: stacked decks that end a
hand in a few clicks, the editor driven by clicks, drags or the keyboard alone,
and the check that no secret card reached the page, in its DOM or in any answer
the page received."""

import re
from collections import Counter

from playwright.sync_api import expect

from tests.browser.helpers import CARD, GAME, cards_in, create_by_api, events_after, wait_loaded, wait_version_at_least
from tests.given import stacked

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
FORTY = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]


def pack(decks=1, ranks=RANKS, jokers=0):
    return [rank + suit for _ in range(decks) for suit in SUITS for rank in ranks] + ["JK"] * jokers


def deck_of(hands, first, then, whole):
    """`hands` dealt one card at a time from seat `first`, then the cards `then`
    (upcard, stock top…), then the rest of `whole` in its order."""
    top = stacked(hands, first) + list(then)
    assert not Counter(top) - Counter(whole), "the stacked cards are all in the pack"
    rest, tail = Counter(whole) - Counter(top), []
    for card in whole:
        if rest[card]:
            rest[card] -= 1
            tail.append(card)
    return top + tail


class Player:
    """Seat 0's page, driven by the mouse or by the keyboard alone (focus and
    Enter: every control a button)."""

    def __init__(self, page, keyboard=False):
        self.page, self.keyboard = page, keyboard

    def press(self, locator):
        expect(locator).to_have_count(1)
        expect(locator).to_be_enabled()
        if self.keyboard:
            assert locator.evaluate("e => e.tagName === 'BUTTON' && e.tabIndex >= 0"), "a button Tab reaches"
            locator.focus()
            locator.press("Enter")
        else:
            locator.click()

    def editor(self, kind):
        region = self.page.locator(f"[data-testid=editor][data-editor={kind}]")
        expect(region).to_be_visible()
        return region

    def pick(self, kind, cards, where="pool"):
        """Pick each card in the editor (where: "pool", or a group's id: the cards already in it)."""
        region = self.editor(kind)
        scope = region.locator(f'[data-group="{where}"]')
        picked = region.locator("button[data-key][aria-pressed=true]")
        before = picked.count()
        for card in cards:
            self.press(scope.locator(f'button[data-card="{card}"][aria-pressed=false]').first)
        expect(picked).to_have_count(before + len(cards))

    def move(self, kind, where):
        self.press(self.editor(kind).locator(f'button[data-move-to="{where}"]'))

    def group(self, kind, cards):
        """The group holding exactly these cards (in any order)."""
        region = self.editor(kind)
        for group in region.locator("[data-group]:not([data-group=pool])").all():
            shown = group.locator("button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
            if sorted(shown) == sorted(cards):
                return group
        raise AssertionError(f"no group of {cards} in the editor")

    def select(self, cards):
        for card in cards:
            self.press(self.page.locator(f'[data-testid=hand] button[data-card="{card}"][aria-pressed=false]').first)

    def act(self, action, source=None):
        """Press an action's control and wait for the page to show the server's answer."""
        selector = f"[data-testid=actions] button[data-action={action}]"
        selector += f"[data-from={source}]" if source else ":not([data-from])"
        with self.page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/actions")) as sent:
            self.press(self.page.locator(selector))
        answer = sent.value
        assert answer.status == 201, (action, answer.status, answer.text())
        wait_version_at_least(self.page, answer.json()["version"])
        return answer.json()

    def wait_turn(self):
        expect(self.page.locator(GAME)).to_have_attribute("data-my-turn", "true", timeout=30_000)


#: what names a card without holding it: the legal actions the seat may make
#: (a joker's stand-ins among them) and the stand-ins declared on the table
NAMING = ("actions", "wild", "as")


def held(value):
    """A JSON value without the parts that name cards nobody holds."""
    if isinstance(value, dict):
        return {key: held(item) for key, item in value.items() if key not in NAMING}
    if isinstance(value, list):
        return [held(item) for item in value]
    return value


class Answers:
    """Every answer the page received from the game's endpoints, kept to be
    searched for cards held (in hands, the stock, melds, piles): listened to
    from the first request on."""

    def __init__(self, page):
        self.responses, self.read, self.found = [], 0, set()
        page.on("response", lambda r: self.responses.append(r) if "/games/" in r.url else None)

    def cards(self):
        """The cards of every answer so far (each answer read once)."""
        arrived = list(self.responses)
        for response in arrived[self.read:]:
            if "json" in response.headers.get("content-type", ""):
                self.found |= cards_in(held(response.json()))
        self.read = len(arrived)
        return set(self.found)


def open_seat(browse, game_id, token, viewport):
    page = browse.page(viewport)
    answers = Answers(page)
    page.goto(f"/play/games/{game_id}#token={token}")
    wait_loaded(page)
    return page, answers


def against_greedy(browse, server, variant, name, deck, viewport, rules=None):
    """A one-hand game of `variant` from the stacked `deck`, `name` in seat 0 and a
    greedy bot in seat 1: (game id, seat 0's token, its page open, the page's Answers)."""
    created = create_by_api(server, variant, [{"name": name}, {"name": "Bot", "bot": "greedy"}],
                            {"max_hands": 1, **(rules or {})}, deck=deck)
    game_id, token = created["id"], created["seats"][0]["token"]
    return (game_id, token, *open_seat(browse, game_id, token, viewport))


def assert_no_secret(page, answers, secret):
    """No card the seat may not know is drawn on the page, named in its text, or
    in any answer the page has received so far (the hand still on)."""
    assert page.locator(GAME).get_attribute("data-status") == "active"
    drawn = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    text = page.locator("body").inner_text()
    assert not re.search(r"\b(null|undefined|NaN)\b", text), "the page writes a missing value as such"
    written = set(CARD.findall(text))
    heard = answers.cards()
    assert heard, "the page received cards: the check looks at something"
    for where, cards in (("drawn", drawn), ("written", written), ("received", heard)):
        assert not cards & secret, f"secret cards {sorted(cards & secret)} {where} on the page"


def assert_invalid_marked(player, kind, group):
    """A group that is no meld shows so at once, and the action refuses it without a request."""
    expect(group).to_have_attribute("data-valid", "false")
    expect(group).to_have_class("group invalid")
    sent = []
    player.page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    player.press(player.page.locator(f"[data-testid=actions] button[data-action={kind}]:not([data-from])"))
    message = player.page.locator("[data-testid=message]")
    expect(message).to_contain_text("not a meld")
    assert not sent, sent


def assert_only_known(page, answers, server, game_id, token, view):
    """Mid-hand, at the seat's turn: every card the page draws, writes or has
    received is one the seat knows, from its view and its own event log (the
    cards it was dealt and drew, and every card shown to all)."""
    known = cards_in(view) | cards_in(events_after(server, game_id, 0, token))
    drawn = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    text = page.locator("body").inner_text()
    assert not re.search(r"\b(null|undefined|NaN)\b", text), "the page writes a missing value as such"
    written = set(CARD.findall(text))
    for where, cards in (("drawn", drawn), ("written", written), ("received", answers.cards())):
        assert cards <= known, f"cards the seat may not know {sorted(cards - known)} {where} on the page"

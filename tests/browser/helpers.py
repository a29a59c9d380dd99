"""What the browser tests share: the API as a second pair of eyes (plain HTTP
with the tokens the page keeps), and the page driven as a person drives it:
forms filled in, cards and buttons clicked."""

import re
import time
from collections import Counter

from playwright.sync_api import expect

from tests.browser import ADMIN_TOKEN
from tests.serve_process import request

expect.set_options(timeout=20_000)

#: a card code as the API writes it (10H, QS, 7D); never part of a longer word
CARD = re.compile(r"(?<![0-9A-Za-z])(?:(?:10|[2-9JQKA])[SHDC]|JK)(?![0-9A-Za-z])")  # JK: Kalooki's jokers

GAME = "main[data-testid=game]"
REPLAY = "main[data-testid=replay]"


# --- the API ------------------------------------------------------------------------


def api(server, method, path, body=None, token=None):
    return request(server.url + path, method, body, token)


def ok(server, method, path, body=None, token=None, status=(200, 201)):
    code, answer = api(server, method, path, body, token)
    assert code in ((status,) if isinstance(status, int) else status), (method, path, code, answer)
    return answer


def view_of(server, game_id, token):
    return ok(server, "GET", f"/games/{game_id}/view", token=token)


def events_after(server, game_id, version, token=None):
    return ok(server, "GET", f"/games/{game_id}/events?after={version}", token=token)["events"]


def hand_result(server, game_id, hand=0, timeout=30):
    """GET /games/{id}/hands/{n} once the hand has ended (404 until then)."""
    return answer_once(server, f"/games/{game_id}/hands/{hand}", 404, timeout)


def replay_of(server, game_id, hand=0, timeout=30):
    """The replay once a worker has built it (202 until then)."""
    return answer_once(server, f"/games/{game_id}/hands/{hand}/replay", 202, timeout)


def answer_once(server, path, meanwhile, timeout):
    """The 200 answer of `path`, asked again while it answers `meanwhile`."""
    deadline = time.monotonic() + timeout
    while True:
        code, answer = api(server, "GET", path)
        if code == 200:
            return answer
        assert code == meanwhile and time.monotonic() < deadline, (code, answer)
        time.sleep(0.2)


def cards_in(value) -> set:
    """Every card code anywhere in a JSON value (keys and strings)."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= cards_in(key) | cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, str):
        found |= set(CARD.findall(value))
    return found


PREFERENCE = ["knock", "show", "meld", "layoff", "discard", "pickup", "draw", "pass", "take_pile"]


def simple_choice(actions):
    """A deterministic, hand-ending policy for seats played over the API."""
    return sorted(actions, key=lambda a: PREFERENCE.index(a["type"]) if a["type"] in PREFERENCE else 99)[0]


def create_by_api(server, variant, seats, rules=None, deck=None):
    body = {"variant": variant, "players": seats, "rules": rules or {}}
    if deck:
        body["deck"] = deck
    return ok(server, "POST", "/games", body, token=ADMIN_TOKEN if deck else None, status=201)


def play_by_api(server, game_id, tokens, until, steps=2000, timeout=60):
    """Play the human seats (tokens: seat -> token) with `simple_choice` until
    until(view) holds for a seat whose turn it is, or the game is over; bots'
    turns are waited for with a long-poll. Returns the last view read."""
    deadline = time.monotonic() + timeout
    for _ in range(steps):
        assert time.monotonic() < deadline, "the game did not get there in time"
        table = ok(server, "GET", f"/games/{game_id}")
        if table["status"] == "finished":
            return table
        seat = (table.get("turn") or {}).get("seat")
        if seat in tokens:
            view = view_of(server, game_id, tokens[seat])
            if until(view):
                return view
            if view["actions"]:
                ok(server, "POST", f"/games/{game_id}/actions", simple_choice(view["actions"]), tokens[seat],
                   status=201)
                continue
        api(server, "GET", f"/games/{game_id}/events?after={table['version']}&wait=5")
    raise AssertionError("too many steps")


def finish_by_api(server, game_id, tokens):
    play_by_api(server, game_id, tokens, until=lambda view: False)
    assert ok(server, "GET", f"/games/{game_id}")["status"] == "finished"


# --- the pages ------------------------------------------------------------------------


def register(page, name, email=None):
    """Register on the lobby page through its form; returns the kept player."""
    page.goto("/play/")
    expect(page.locator("[data-testid=lobby]")).to_be_visible()
    form = page.locator("#register-form")
    expect(form).to_be_visible()
    form.locator("input[name=name]").fill(name)
    if email:
        form.locator("input[name=email]").fill(email)
    form.locator("[data-action=register]").click()
    expect(page.locator("#create-form")).to_be_visible()
    player = page.evaluate("() => JSON.parse(localStorage.getItem('iceberg.player'))")
    assert player and player["name"] == name and player["token"] and player["id"], player
    return player


def create_by_form(page, variant, seats, rules, listed=False):
    """Fill the create form: seats is a list of "me", "open" or ("bot", policy);
    rules maps option names to values. Returns the new game's id, from the game
    page it navigates to."""
    form = page.locator("#create-form")
    expect(form.locator("#variant option")).not_to_have_count(0)
    form.locator("#variant").select_option(variant)
    rows = form.locator("#seat-list li")
    while rows.count() < len(seats):
        form.locator("#add-seat").click()
    assert rows.count() == len(seats), f"the form shows {rows.count()} seat rows, {len(seats)} wanted"
    for n, seat in enumerate(seats):
        row = rows.nth(n)
        kind, policy = (seat if isinstance(seat, tuple) else (seat, None))
        row.locator("select[name=kind]").select_option(kind)
        if policy:
            row.locator("select[name=bot]").select_option(policy)
    for name, value in rules.items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    listed_box = form.locator("input[name=listed]")
    listed_box.check() if listed else listed_box.uncheck()
    form.locator("[data-action=create]").click()
    page.wait_for_url(re.compile(r"/play/games/[^/#?]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    wait_loaded(page)
    return game_id


def wait_loaded(page):
    expect(page.locator(GAME)).to_have_attribute("data-version", re.compile(r"^\d+$"))


def seat_token(page, game_id):
    token = page.evaluate("id => localStorage.getItem('iceberg.game.' + id)", game_id)
    assert token, "the lobby keeps the seat token in localStorage"
    return token


def page_version(page) -> int:
    return int(page.locator(GAME).get_attribute("data-version"))


def wait_version_at_least(page, version, timeout=30_000):
    page.wait_for_function(
        "v => Number(document.querySelector('main[data-testid=game]').dataset.version) >= v", arg=version,
        timeout=timeout)


def wait_version(page, version, timeout=30_000):
    expect(page.locator(GAME)).to_have_attribute("data-version", str(version), timeout=timeout)


def hand_on_page(page):
    return page.locator("[data-testid=hand] button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def assert_hand_shown(page, view):
    shown = hand_on_page(page)
    assert Counter(shown) == Counter(view["hand"]), f"the page shows {shown}, the seat holds {view['hand']}"
    others = page.locator("[data-testid=hand] [data-card]:not(button)").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    assert others == ([view["passed"]] if view.get("passed") else []), others


def select_cards(page, cards):
    """Click each card in the hand: a repeated code clicks its next copy."""
    seen = Counter()
    for card in cards:
        button = page.locator(f'[data-testid=hand] button[data-card="{card}"]').nth(seen[card])
        seen[card] += 1
        expect(button).to_have_attribute("aria-pressed", "false")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")


def action_button(page, action_type, source=None):
    selector = f"[data-testid=actions] button[data-action={action_type}]"
    if source:
        selector += f"[data-from={source}]"
    return page.locator(selector)


def perform(page, action):
    """Do a legal action as a person does it: select its cards (and its meld),
    then press its button. Returns the version the server answered."""
    kind = action["type"]
    if kind in ("meld", "layoff", "take_pile"):
        select_cards(page, action["cards"])
    elif kind in ("discard", "knock", "swap"):
        select_cards(page, [action["card"]])
    elif kind == "open":  # Kalooki: the opening's hand cards (the top discard it takes is not in the hand)
        cards = [c for m in action["melds"] for c in m["cards"]]
        if action["take_discard"]:
            cards.remove(page.locator("[data-pile=top]").get_attribute("data-card"))
        select_cards(page, cards)
    if kind in ("layoff", "swap"):
        meld = page.locator(f'[data-testid=table] button[data-meld="{action["meld"]}"]')
        meld.click()
        expect(meld).to_have_attribute("aria-pressed", "true")
    source = ("discard" if action["take_discard"] else None) if kind == "open" else action.get("from")
    button = action_button(page, kind, source)
    if kind == "open" and source is None:
        button = page.locator("[data-testid=actions] button[data-action=open]:not([data-from])")
    expect(button).to_have_count(1)
    expect(button).to_be_enabled()
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/actions")) as answer:
        button.click()
        stand_ins = page.locator("[data-testid=actions] button[data-wild]")
        if stand_ins.count():  # the page asks what a joker (a deuce) stands for: a meld, lay-off or take of the pile
            stand_ins.and_(page.locator(f'[data-wild="{" ".join(action["wild"])}"]')).click()
    response = answer.value
    assert response.status == 201, (action, response.status, response.text())
    version = response.json()["version"]
    wait_version_at_least(page, version)
    return version


def wait_my_turn_or_over(page, timeout=30_000):
    page.wait_for_function(
        """() => { const m = document.querySelector('main[data-testid=game]');
                   return m.dataset.myTurn === 'true' || m.dataset.status === 'finished'; }""", timeout=timeout)


def replay_frame(page) -> int:
    return int(page.locator(REPLAY).get_attribute("data-frame"))


def wait_replay_loaded(page):
    expect(page.locator(REPLAY)).to_have_attribute("data-frames", re.compile(r"^\d+$"))
    expect(page.locator(REPLAY)).to_have_attribute("data-frame", re.compile(r"^\d+$"))

"""At the table: the chat (read by everyone, said by the seated, shown as text
and never as HTML), and a player in another tab told of their turn by the tab's
icon and, once they turned it on, a short sound."""

import re

from playwright.sync_api import expect

from tests.browser.helpers import GAME, ok, perform, register, seat_token, simple_choice, view_of, wait_loaded
from tests.browser.world import register_by_api

HOSTILE = '<img src=x onerror="window.__pwned=1">hi & <b>bye</b>'


def open_game(server, ann, bo):
    created = ok(server, "POST", "/games", {"variant": "gin", "players": [{"player": "me"}, {"open": True}]},
                 ann["token"], status=201)
    ok(server, "POST", f"/games/{created['id']}/join", {"invite": created["invite"]}, bo["token"], status=201)
    return created["id"]


def test_the_chat_at_the_table(browse, server):
    ann, bo = register_by_api(server, "Ann Talk"), register_by_api(server, "Bo Talk")
    game_id = open_game(server, ann, bo)
    pages = []
    for player in (ann, bo, None):  # two seats and a spectator
        page = browse.page()
        page.goto(f"/play/games/{game_id}" + (f"#token={player['token']}" if player else ""))
        wait_loaded(page)
        pages.append(page)
    first, second, watcher = pages
    expect(watcher.locator("#chat-form")).to_be_hidden()  # a spectator reads only
    expect(watcher.locator("#chat-none")).to_be_visible()

    first.locator("#chat-form input[name=text]").fill(HOSTILE)
    first.locator("#chat-form button[data-chat=send]").click()
    expect(first.locator("#chat-form input[name=text]")).to_have_value("")
    said = ok(server, "GET", f"/games/{game_id}/messages")["messages"]
    assert [(m["seat"], m["text"]) for m in said] == [(0, HOSTILE)]
    for page in pages:
        line = page.locator('[data-testid=chat] li[data-message="1"]')
        expect(line).to_have_text(f"Ann Talk: {HOSTILE}")  # shown as text, tags and all
        assert line.locator("img, b").count() == 0
        assert page.evaluate("() => window.__pwned") is None

    second.locator("#chat-form input[name=text]").fill("good luck")
    second.locator("#chat-form input[name=text]").press("Enter")  # the keyboard sends too
    for page in pages:
        expect(page.locator("[data-testid=chat] li[data-message]")).to_have_count(2)
        expect(page.locator('[data-testid=chat] li[data-message="2"]')).to_have_text("Bo Talk: good luck")


# The tab in the background (document.hidden), and every tone the page starts,
# recorded around the browser's real WebAudio.
BACKGROUND = """
Object.defineProperty(document, 'hidden', { get: () => window.__hidden === true });
window.__tones = [];
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const tone = super.createOscillator();
    const start = tone.start.bind(tone);
    tone.start = (when) => { window.__tones.push(tone.frequency.value); start(when); };
    return tone;
  }
};
"""


def play_a_turn(page, server, game_id, token):
    """Play the seat's turn through to its end (a move of the helpers' simple
    policy at a time), then wait for the bot to play and the turn to come back."""
    main = page.locator(GAME)
    while (view := view_of(server, game_id, token))["turn"] and view["turn"]["seat"] == view["seat"]:
        perform(page, simple_choice(view["actions"]))
    expect(main).to_have_attribute("data-my-turn", "false")
    expect(page.locator("html")).to_have_attribute("data-turn-icon", "idle")
    expect(page.locator("link[rel~=icon]")).to_have_attribute("href", "/play/static/icon.svg")
    expect(main).to_have_attribute("data-my-turn", "true", timeout=30_000)


def test_the_tab_icon_and_an_opt_in_sound_tell_the_turn(browse, server):
    context = browse.context()
    context.add_init_script(BACKGROUND)
    page = context.new_page()
    register(page, "Sol")
    page.locator("#create-form #variant").select_option("iceberg")
    page.locator("#create-form #seat-list li").nth(1).locator("select[name=kind]").select_option("bot")
    page.locator("#create-form [data-action=create]").click()
    page.wait_for_url(re.compile(r"/play/games/[^/#?]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    token = seat_token(page, game_id)
    wait_loaded(page)
    expect(page.locator(GAME)).to_have_attribute("data-my-turn", "true")
    icon = page.locator("link[rel~=icon]")
    expect(icon).to_have_attribute("href", "/play/static/icon-turn.svg")
    assert page.evaluate("() => fetch('/play/static/icon-turn.svg').then((r) => r.status)") == 200
    toggle = page.locator("#sound button[data-sound]")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # off until the player turns it on

    page.evaluate("() => { window.__hidden = true; }")  # the player goes to another tab
    play_a_turn(page, server, game_id, token)
    expect(icon).to_have_attribute("href", "/play/static/icon-turn.svg")
    assert page.evaluate("() => window.__tones") == [], "no sound unless asked for"

    page.evaluate("() => { window.__hidden = false; }")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => localStorage.getItem('iceberg.sound')") == "on"
    page.evaluate("() => { window.__hidden = true; }")
    play_a_turn(page, server, game_id, token)
    page.wait_for_function("() => window.__tones.length === 2")  # the chime's two tones
    assert page.evaluate("() => window.__tones") == [660, 880]

    page.reload()  # remembered
    expect(page.locator("#sound button[data-sound]")).to_have_attribute("aria-pressed", "true")


def test_the_lobby_tab_says_how_many_games_wait_for_a_move(browse, server):
    page = browse.page()
    sol = register(page, "Lia")
    expect(page).to_have_title("Iceberg: lobby")
    expect(page.locator("link[rel~=icon]")).to_have_attribute("href", "/play/static/icon.svg")
    for _ in range(2):  # seat 0 moves first in the first hand: both wait for Lia
        ok(server, "POST", "/games", {"players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]},
           sol["token"], status=201)
    page.reload()
    expect(page.locator("#my-games li[data-my-turn=true]")).to_have_count(2)
    expect(page).to_have_title("● Your move in 2 games — Iceberg: lobby")
    expect(page.locator("link[rel~=icon]")).to_have_attribute("href", "/play/static/icon-turn.svg")

"""What a player reads and is told: the ends of a game and of its hands in
words (never a reason's code), the inbox listing a finished game as finished,
the invite copied with one click, and the tab's title saying when it is the
player's turn (a notification only when they asked for one)."""

import re

from playwright.sync_api import expect

from tests.browser.helpers import (
    GAME,
    api,
    create_by_api,
    create_by_form,
    finish_by_api,
    ok,
    page_version,
    register,
    seat_token,
    view_of,
    wait_loaded,
    wait_replay_loaded,
    wait_version_at_least,
)
from tests.browser.test_game_page import iceberg_deck


def draw_and_discard(page):
    """Draw, then (once the page shows the view after the draw: a card clicked
    before would lose its selection when that view is drawn) discard a card."""
    version = page_version(page)
    page.locator("[data-testid=actions] button[data-action=draw]").click()
    wait_version_at_least(page, version + 1)
    card = page.locator("[data-testid=hand] button[data-card]").first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.locator("[data-testid=actions] button[data-action=discard]").click()


CODES = re.compile(r"\((?:hands|target|max_hands|resigned|forfeit|aborted|abandoned|out|last_ace|exhausted)\)")


def test_a_finished_game_in_words_and_in_the_inbox(browse, server):
    page = browse.page()
    register(page, "Fin")
    game_id = create_by_form(page, "iceberg", ["me", ("bot", "greedy")], {"max_hands": 1})
    finish_by_api(server, game_id, {0: seat_token(page, game_id)})

    page.goto(f"/play/games/{game_id}")
    wait_loaded(page)
    expect(page.locator(GAME)).to_have_attribute("data-status", "finished")
    log = page.locator("#log")
    expect(log).to_contain_text("The game is over: ")
    expect(log).to_contain_text("Hand 1 is over: ")
    assert not CODES.search(page.locator("main").inner_text()), "no reason's code shows through"

    page.goto(f"/play/games/{game_id}/hands/0/replay")
    wait_replay_loaded(page)
    page.locator("input[type=range][data-testid=frame-slider]").press("End")
    heading = page.locator("main h2", has_text="Hand 1 is over: ")
    expect(heading).to_be_visible()
    assert not CODES.search(heading.inner_text()), heading.inner_text()

    page.goto("/play/")
    row = page.locator(f'[data-testid=inbox] #finished-games li[data-game="{game_id}"]')
    expect(row).to_be_visible()  # shown open when no game is in play
    expect(row).to_have_attribute("data-status", "finished")
    expect(row).to_contain_text("finished")
    summary = page.locator("#inbox-summary")
    expect(summary).to_have_text("No game in play; 1 finished game below.")
    expect(page.locator(f'#my-games li[data-game="{game_id}"]')).to_have_count(0)


def test_the_invite_is_copied_with_one_click(browse, server):
    context = browse.context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    register(page, "Cat")
    create_by_form(page, "iceberg", ["me", "open"], {})
    link = page.locator("#invite code").inner_text().strip()
    page.locator("#invite button[data-copy=invite]").click()
    expect(page.locator("[data-testid=message]")).to_have_text("The invite link is copied.")
    assert page.evaluate("() => navigator.clipboard.readText()") == link


def test_the_title_says_whose_turn_and_notifications_are_asked_for(browse, server):
    page = browse.page()
    register(page, "Tia")
    create_by_form(page, "iceberg", ["me", ("bot", "greedy")], {"max_hands": 1})
    expect(page.locator(GAME)).to_have_attribute("data-my-turn", "true")
    expect(page).to_have_title("● Your turn — Iceberg: Iceberg")
    ask = page.locator("#notify button[data-notify=ask]")
    expect(ask).to_be_visible()  # asked on a press only: nothing was asked on load
    assert page.evaluate("() => Notification.permission") == "default"

    page.evaluate(RECORD_TURNS)
    draw_and_discard(page)
    # the page drew the bot's turn: recorded as drawn, since a quick bot's reply may end it between two looks
    page.wait_for_function("() => window.__turns.some(([mine]) => mine === 'false')")
    assert ["false", "Iceberg: Iceberg"] in page.evaluate("() => window.__turns")


# Each drawing of the game page, recorded as it happens: whether it is the player's turn, and the title.
RECORD_TURNS = """() => {
  window.__turns = [];
  const main = document.querySelector('main[data-testid=game]');
  new MutationObserver(() => window.__turns.push([main.dataset.myTurn, document.title]))
    .observe(main, { attributes: true, attributeFilter: ['data-my-turn', 'data-version'] });
}"""


PAIR_AND_ODD = ["2S", "2H", "5D", "9C", "KH", "7S", "4C"]
OTHER = ["3D", "6H", "8S", "JD", "QC", "10S", "4H"]


# The tab in the background (document.hidden) and the notifications it shows,
# recorded: a headless browser has neither a real background nor a desktop.
BACKGROUND = """
Object.defineProperty(document, 'hidden', { get: () => window.__hidden === true });
window.__told = [];
function Told(title, options) { window.__told.push([title, options.body]); }
Told.permission = 'granted';
window.Notification = Told;
"""


def test_a_player_in_the_background_is_notified_of_their_turn(browse, server):
    # a deal where the bot cannot go out on its first turn (no pair among its cards): dealt at
    # random, it sometimes did, the one hand ended, and the player's turn never came back
    created = create_by_api(server, "iceberg", [{"name": "Nia"}, {"name": "Bot", "bot": "greedy"}],
                            {"max_hands": 1}, deck=iceberg_deck(PAIR_AND_ODD, OTHER, "9H"))
    game_id, token = created["id"], created["seats"][0]["token"]
    context = browse.context()
    context.add_init_script(BACKGROUND)
    page = context.new_page()
    page.goto(f"/play/games/{game_id}#token={token}")
    wait_loaded(page)
    expect(page.locator(GAME)).to_have_attribute("data-my-turn", "true")
    expect(page.locator("#notify")).to_be_hidden()  # allowed already: nothing to ask
    assert page.evaluate("() => window.__told") == [], "no notification while the player looks at the page"

    page.evaluate("() => { window.__hidden = true; }")  # the player goes to another tab
    draw_and_discard(page)
    page.wait_for_function("() => window.__told.length > 0", timeout=30_000)  # the bot has played
    name = ok(server, "GET", f"/games/{game_id}").get("name") or "Iceberg"
    assert page.evaluate("() => window.__told") == [["Your turn", f"{name}: it is your move."]]
    expect(page).to_have_title("● Your turn — Iceberg: Iceberg")


def test_a_move_the_server_refuses_is_told_in_the_rules_words(browse, server):
    """The page sends a move its (stale) view allows but the server no longer
    does: it shows the problem's `detail`, not its code, and catches up."""
    created = create_by_api(server, "iceberg", [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}],
                            {"max_hands": 1}, deck=iceberg_deck(PAIR_AND_ODD, OTHER, "9H"))
    game_id, token = created["id"], created["seats"][0]["token"]
    context = browse.context()
    watch = browse.opened[-1][1]
    held = []  # the page's long-polls, held back: it does not see the draw made elsewhere
    context.route(re.compile(r"/events\?after=\d+&wait=25$"), lambda route: held.append(route))
    page = context.new_page()
    page.goto(f"/play/games/{game_id}#token={token}")
    wait_loaded(page)
    for _ in range(200):  # until the page waits on a held long-poll: it has read everything before
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page follows the game with a long-poll"
    draw = next(a for a in view_of(server, game_id, token)["actions"] if a["type"] == "draw")
    ok(server, "POST", f"/games/{game_id}/actions", draw, token, status=201)  # the seat draws from elsewhere
    code, problem = api(server, "POST", f"/games/{game_id}/actions", draw, token)
    assert code >= 400 and problem["detail"] and problem["code"], problem

    button = page.locator("[data-testid=actions] button[data-action=draw]")
    expect(button).to_be_enabled()  # the page has not seen the draw
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/actions")) as answer:
        button.click()
    assert answer.value.status == code
    message = page.locator("[data-testid=message]")
    expect(message).to_have_text(problem["detail"])
    assert problem["code"] not in message.inner_text()
    expect(button).to_be_disabled()  # the page read the view again
    # the one refusal this test provoked on purpose, as the browser reported it (answer, console)
    refused = [r for r in watch.error_responses if r.endswith(f"/games/{game_id}/actions: {code}")]
    logged = [e for e in watch.console_errors if f"status of {code}" in e and f"/games/{game_id}/actions" in e]
    assert len(refused) == 1 and len(logged) <= 1, (watch.error_responses, watch.console_errors)
    watch.error_responses.remove(refused[0])
    for line in logged:
        watch.console_errors.remove(line)

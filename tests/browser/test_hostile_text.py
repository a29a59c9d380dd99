"""Text that players write (their names, a game's name) is shown as text on the
pages, never run as markup: a name that is an HTML element with a script in an
attribute is seen, literally, in the lobby and on the game page, and its script
never runs (the stored-markup probe of issue 23, kept). The game's chat holds
the same text, for the day the page shows the chat."""

from playwright.sync_api import expect

from tests.browser.helpers import GAME, ok

HOSTILE = '<img src=x onerror="window.__xss=1">'


def never_ran(page) -> None:
    assert page.evaluate("() => window.__xss") is None
    assert page.locator("img[src=x]").count() == 0


def test_names_and_chat_are_shown_as_text_and_never_run(page, server):
    ok(server, "POST", "/games", {"players": [{"name": HOSTILE}, {"open": True}], "name": HOSTILE, "listed": True})
    page.goto("/play/")
    expect(page.locator("[data-testid=lobby]")).to_contain_text(HOSTILE)
    never_ran(page)

    created = ok(server, "POST", "/games", {"players": [{"name": HOSTILE}, {"name": "Bot", "bot": "greedy"}],
                                            "name": HOSTILE, "rules": {"hands": 1}})
    game_id, token = created["id"], created["seats"][0]["token"]
    ok(server, "POST", f"/games/{game_id}/messages", {"text": HOSTILE}, token=token)
    page.goto(f"/play/games/{game_id}#token={token}")
    expect(page.locator(GAME)).to_contain_text(HOSTILE)
    never_ran(page)

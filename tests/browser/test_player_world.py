"""What a player reads and is told: the ends of a game and of its hands in
words (never a reason's code), the inbox listing a finished game as finished,
the invite copied with one click, and the tab's title saying when it is the
player's turn (a notification only when they asked for one)."""

import re

from playwright.sync_api import expect

from tests.browser.helpers import (
    GAME,
    create_by_form,
    finish_by_api,
    register,
    seat_token,
    wait_loaded,
    wait_replay_loaded,
)

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

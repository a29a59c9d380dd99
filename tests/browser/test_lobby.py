"""The lobby and the inbox with two people in two browsers: one creates a game
with an open seat and shares the invite link, the other registers, follows the
link and joins; both find the game in their inbox, the one to play flagged.
A registered player's kept token opens the seat where the player sits, and
elsewhere the public table, without a request the server refuses."""

import re

from playwright.sync_api import expect

from tests.browser.helpers import GAME, create_by_api, create_by_form, ok, register, wait_loaded


def test_invite_join_and_inbox(browse, server):
    ann = browse.context().new_page()
    register(ann, "Ann")
    game_id = create_by_form(ann, "iceberg", ["me", "open"], {"turn_timeout_s": 86400})
    expect(ann.locator(GAME)).to_have_attribute("data-status", "open")
    invite = ann.locator("#invite code")
    expect(invite).to_be_visible()
    link = invite.inner_text().strip()
    assert re.fullmatch(rf"{re.escape(server.url)}/play/#join={game_id}&invite=[^&\s]+", link), link
    assert ok(server, "GET", f"/games/{game_id}")["status"] == "open"

    bea = browse.context().new_page()
    register(bea, "Bea")
    bea.goto(link)
    invited = bea.locator("#invited")
    expect(invited).to_be_visible()
    expect(invited).to_contain_text(game_id)
    bea.locator("[data-action=join]").click()
    bea.wait_for_url(re.compile(rf"/play/games/{game_id}$"))
    wait_loaded(bea)
    expect(bea.locator(GAME)).to_have_attribute("data-status", "active")
    expect(bea.locator(GAME)).to_have_attribute("data-seat", "1")
    assert bea.evaluate("id => localStorage.getItem('iceberg.game.' + id)", game_id), "Bea's seat token is kept"

    table = ok(server, "GET", f"/games/{game_id}")
    assert table["status"] == "active" and [s["name"] for s in table["seats"]] == ["Ann", "Bea"]
    to_play = table["turn"]["seat"]
    # Ann's page, left open, learns of the join by its long-poll
    expect(ann.locator(GAME)).to_have_attribute("data-status", "active")
    expect(ann.locator(GAME)).to_have_attribute("data-my-turn", str(to_play == 0).lower())
    expect(bea.locator(GAME)).to_have_attribute("data-my-turn", str(to_play == 1).lower())
    expect(ann.locator("#invite")).to_be_hidden()

    for seat, page in enumerate([ann, bea]):
        page.goto("/play/")
        row = page.locator(f'[data-testid=inbox] #my-games li[data-game="{game_id}"]')
        expect(row).to_be_visible()
        expect(row).to_have_attribute("data-my-turn", str(seat == to_play).lower())
        if seat == to_play:  # a day a turn: the deadline counts down in the inbox
            expect(row.locator(".deadline")).to_have_text(re.compile(r"^23h \d\dm left$"))
        expect(page.locator("#my-games li[data-game]")).to_have_count(1)
        row.locator("a").click()
        page.wait_for_url(re.compile(rf"/play/games/{game_id}$"))
        expect(page.locator(GAME)).to_have_attribute("data-seat", str(seat))


def test_a_listed_game_is_joined_from_the_lobby(browse, server):
    """Given a game listed in the lobby, when another player presses its Join
    button, then they sit in it (no invite needed) and it leaves the lobby."""
    cy = browse.context().new_page()
    register(cy, "Cy")
    game_id = create_by_form(cy, "gin", ["me", "open"], {}, listed=True)
    assert any(g["id"] == game_id for g in ok(server, "GET", "/lobby")["games"])

    dee = browse.context().new_page()
    register(dee, "Dee")
    listed = dee.locator(f'#listed-games li[data-game="{game_id}"]')
    expect(listed).to_contain_text("Cy's Gin game")
    listed.locator("[data-action=join-listed]").click()
    expect(dee.locator("#invited")).to_be_visible()
    dee.locator("[data-action=join]").click()
    dee.wait_for_url(re.compile(rf"/play/games/{game_id}$"))
    wait_loaded(dee)
    expect(dee.locator(GAME)).to_have_attribute("data-seat", "1")
    expect(dee.locator(GAME)).to_have_attribute("data-status", "active")
    assert all(g["id"] != game_id for g in ok(server, "GET", "/lobby")["games"])


def test_a_players_token_opens_the_seat_where_the_player_sits_and_the_public_table_elsewhere(browse, server):
    page = browse.page()
    register(page, "Ann")
    mine = create_by_form(page, "iceberg", ["me", ("bot", "greedy")], {})
    page.evaluate("id => localStorage.removeItem('iceberg.game.' + id)", mine)  # only the player token is left
    theirs = create_by_api(server, "iceberg", [{"name": "Cy"}, {"name": "Di"}])["id"]
    views = []
    page.on("request", lambda r: views.append(r.url) if r.url.endswith("/view") else None)

    page.goto(f"/play/games/{mine}")
    wait_loaded(page)
    expect(page.locator(GAME)).to_have_attribute("data-seat", "0")
    expect(page.locator("[data-testid=hand] [data-card]").first).to_be_visible()

    page.goto(f"/play/games/{theirs}")
    wait_loaded(page)
    expect(page.locator("#message")).to_contain_text("no seat at this game")
    expect(page.locator(GAME)).not_to_have_attribute("data-seat", re.compile(".*"))
    expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(0)
    assert not [url for url in views if theirs in url], views  # never asked for a view it may not have

"""The player's-world pages and the game page of every variant at desktop and
phone width: screenshots (into docs/screenshots/ with ICEBERG_SCREENSHOTS=docs,
as test_replay_and_screens.py takes the lobby's, the game's and the replay's)
and no sideways scrolling on a phone."""

import pytest
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, screenshots_to
from tests.browser.helpers import GAME, create_by_api, ok
from tests.browser.test_replay_and_screens import no_sideways_scroll
from tests.browser.world import GAMES

VARIANTS = ["iceberg", "gin", "fortune", "rummy", "conquian", "kalooki", "manipulation"]


def shoot(page, shots, name):
    path = shots / name
    page.screenshot(path=path, full_page=True)
    no_sideways_scroll(page)
    assert path.read_bytes().startswith(b"\x89PNG\r\n")


@pytest.mark.parametrize("size, viewport", [("desktop", DESKTOP), ("phone", PHONE)])
def test_world_pages_screenshots(browse, server, rated_pair, size, viewport, tmp_path):
    shots = screenshots_to(tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    ann, bo, games = rated_pair
    page = browse.page(viewport)
    page.goto("/play/sign-in")
    page.locator("#ask-form input[name=email]").fill("someone@example.org")
    page.locator("#ask-form button[data-action=ask-code]").click()
    expect(page.locator("#confirm-form")).to_be_visible()
    shoot(page, shots, f"sign-in-{size}.png")

    page.goto(f"/play/players/{ann['id']}")
    expect(page.locator("[data-testid=ratings] tr[data-variant=iceberg]")).to_be_visible()
    shoot(page, shots, f"profile-{size}.png")

    page.goto("/play/leaderboard?variant=iceberg")
    expect(page.locator(f'[data-testid=standings] tr[data-player="{ann["id"]}"]')).to_be_visible()
    shoot(page, shots, f"leaderboard-{size}.png")

    page.goto(f"/play/history?status=finished&player={bo['id']}")
    expect(page.locator("[data-testid=games] li[data-game]")).to_have_count(GAMES)
    shoot(page, shots, f"history-{size}.png")


@pytest.mark.parametrize("size, viewport", [("desktop", DESKTOP), ("phone", PHONE)])
def test_every_variants_game_page_screenshots(browse, server, size, viewport, tmp_path):
    shots = screenshots_to(tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    counts = {v["name"]: v["players"]["min"] for v in ok(server, "GET", "/variants")["variants"]}
    page = browse.page(viewport)
    for variant in VARIANTS:
        seats = [{"name": "Ann"}] + [{"name": f"Bot {n}", "bot": "greedy"} for n in range(1, counts[variant])]
        created = create_by_api(server, variant, seats)
        page.goto(f"/play/games/{created['id']}#token={created['seats'][0]['token']}")
        expect(page.locator(GAME)).to_have_attribute("data-my-turn", "true", timeout=30_000)
        ok(server, "POST", f"/games/{created['id']}/messages", {"text": "Good luck, all!"},
           created["seats"][0]["token"], status=201)
        expect(page.locator("[data-testid=chat] li[data-message]")).to_have_count(1)
        shoot(page, shots, f"game-{variant}-{size}.png")

"""axe-core finds no serious or critical violation on any page of the web
client, at desktop and phone width: the lobby and inbox, the game page of every
variant, the replay, the profile, the leaderboard, the history and the sign-in.
axe-core is installed with npm at test time (tests/browser/axe.py) and injected
into a context that bypasses the CSP, this test's only."""

import pytest
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE
from tests.browser.axe import axe_source, serious_violations
from tests.browser.helpers import GAME, REPLAY, create_by_api, finish_by_api, ok, register, wait_replay_loaded

VARIANTS = ["iceberg", "gin", "fortune", "rummy", "conquian", "kalooki", "manipulation"]


@pytest.fixture(scope="module")
def axe():
    return axe_source()


@pytest.fixture(scope="module")
def games(server):
    """A game per variant, its first seat a person, the others bots; and a
    finished game whose first hand has a replay."""
    counts = {v["name"]: v["players"]["min"] for v in ok(server, "GET", "/variants")["variants"]}
    made = {}
    for variant in VARIANTS:
        seats = [{"name": "Ann"}] + [{"name": f"Bot {n}", "bot": "greedy"} for n in range(1, counts[variant])]
        created = create_by_api(server, variant, seats)
        made[variant] = (created["id"], created["seats"][0]["token"])
    finished = create_by_api(server, "iceberg", [{"name": "Ann"}, {"name": "Bea"}], {"max_hands": 1})
    finish_by_api(server, finished["id"], {s["seat"]: s["token"] for s in finished["seats"]})
    return made, finished["id"]


def check(page, axe, where):
    found = serious_violations(page, axe)
    assert not found, f"{where}: " + "\n".join(f"{v['impact']} {v['id']}: {v['help']} {v['nodes']}" for v in found)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_serious_violation_on_any_page(browse, server, axe, games, rated_pair, viewport):
    made, finished = games
    ann = rated_pair[0]
    page = browse.context(viewport, bypass_csp=True).new_page()  # bypass_csp: to inject axe-core only
    page.goto("/play/sign-in")
    check(page, axe, "sign-in")
    axel = register(page, "Axel")
    ok(server, "POST", "/games", {"players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}, axel["token"],
       status=201)
    page.reload()  # the inbox lists the game
    expect(page.locator("#my-games li[data-game]")).to_have_count(1)
    check(page, axe, "lobby and inbox")

    for variant, (game_id, token) in made.items():
        page.goto(f"/play/games/{game_id}#token={token}")
        # the seat's turn: the bots wait for it, so the page holds still while axe reads it
        expect(page.locator(GAME)).to_have_attribute("data-my-turn", "true", timeout=30_000)
        check(page, axe, f"game ({variant})")

    page.goto(f"/play/games/{finished}/hands/0/replay")
    wait_replay_loaded(page)
    check(page, axe, "replay")
    page.locator("[data-testid=frame-slider]").press("End")
    expect(page.locator("table[data-testid=scores]")).to_be_visible()
    check(page, axe, "replay, last frame")
    assert page.locator(REPLAY).count() == 1

    page.goto(f"/play/players/{ann['id']}")
    expect(page.locator("[data-testid=ratings]")).to_be_visible()
    check(page, axe, "profile")
    page.goto("/play/leaderboard?variant=iceberg")
    expect(page.locator("[data-testid=standings] tbody tr").first).to_be_visible()
    check(page, axe, "leaderboard")
    page.goto("/play/history")
    expect(page.locator("[data-testid=games] li").first).to_be_visible()
    check(page, axe, "history")

"""The player's world in the browser: signing in on a second device with the
code the server mailed (a real SMTP server on loopback), a profile with its
ratings, the leaderboard, the history of games with its filters, all reached
from the lobby by links."""

from playwright.sync_api import expect

from tests.browser.helpers import ok, wait_replay_loaded
from tests.browser.world import GAMES, mailed_code, register_by_api


def test_sign_in_on_a_second_device_with_the_mailed_code(browse, server, mail):
    ann = register_by_api(server, "Ann Device", "ann.device@example.org")
    page = browse.page()
    page.goto("/play/")
    page.locator("#register a[data-link=sign-in]").click()
    expect(page).to_have_url(f"{server.url}/play/sign-in")
    page.locator("#ask-form input[name=email]").fill("Ann.Device@example.org")
    page.locator("#ask-form button[data-action=ask-code]").click()
    expect(page.locator("[data-testid=message]")).to_contain_text("a code is on its way")
    code = mailed_code(mail, "ann.device@example.org")
    page.locator("#confirm-form input[name=code]").fill(code)
    page.locator("#confirm-form button[data-action=confirm-code]").click()
    expect(page.locator("[data-testid=message]")).to_have_text("Signed in as Ann Device.")
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('iceberg.player'))")
    assert kept["id"] == ann["id"] and kept["name"] == "Ann Device" and kept["token"] != ann["token"]
    assert ok(server, "GET", "/me", token=kept["token"])["id"] == ann["id"], "a working token of the same player"
    assert [t["label"] for t in ok(server, "GET", "/me/tokens", token=ann["token"])["tokens"]] == [
        "first", "signed in by e-mail"]

    page.goto("/play/")  # the lobby acts for the player now, as after registering
    expect(page.locator("#whoami")).to_contain_text("Signed in as Ann Device")
    expect(page.locator("#nav-sign-in")).to_be_hidden()
    page.locator("#nav-profile").click()
    expect(page.locator("#profile-name")).to_have_text("Ann Device")
    expect(page.locator("#no-games")).to_be_visible()


def test_the_leaderboard_leads_to_a_profile_and_its_games(browse, server, rated_pair):
    ann, bo, games = rated_pair
    page = browse.page()
    page.goto("/play/")
    page.locator("nav a", has_text="Leaderboards").click()
    board = page.locator("[data-testid=leaderboard]")
    page.locator("#board-variant").select_option("iceberg")
    expect(board).to_have_attribute("data-variant", "iceberg")
    expect(page).to_have_url(f"{server.url}/play/leaderboard?variant=iceberg")
    standings = ok(server, "GET", "/variants/iceberg/leaderboard?limit=50")["players"]
    rows = page.locator("[data-testid=standings] tbody tr")
    expect(rows).to_have_count(len(standings))
    assert [r.get_attribute("data-player") for r in rows.all()] == [s["player"] for s in standings]
    ann_row = page.locator(f'[data-testid=standings] tr[data-player="{ann["id"]}"]')
    ann_rank = next(s for s in standings if s["player"] == ann["id"])
    expect(ann_row).to_contain_text(f"{ann_rank['ordinal']:.2f}")
    expect(ann_row).to_contain_text(str(GAMES))

    ann_row.locator("a").click()
    profile = ok(server, "GET", f"/players/{ann['id']}")
    entry = next(v for v in profile["variants"] if v["variant"] == "iceberg")
    expect(page.locator("#profile-name")).to_have_text("Ann Rated")
    line = page.locator('[data-testid=ratings] tr[data-variant="iceberg"]')
    expect(line).to_contain_text("Iceberg")
    expect(line.locator("td").nth(0)).to_have_text(str(entry["games"]))
    expect(line.locator("td").nth(1)).to_have_text(str(entry["wins"]))
    expect(line.locator("td").nth(2)).to_have_text(f"{entry['rating']['ordinal']:.2f}")
    expect(line.locator("td").nth(4)).to_have_text(f"#{entry['rank']}")
    assert "ann.rated@example.org" not in page.content(), "never an address on a public page"

    page.locator("#their-games").click()
    expect(page).to_have_url(f"{server.url}/play/history?player={ann['id']}")
    listed = page.locator("[data-testid=games] li[data-game]")
    expect(listed).to_have_count(GAMES)
    assert sorted(li.get_attribute("data-game") for li in listed.all()) == sorted(games)
    expect(listed.first).to_have_attribute("data-status", "finished")
    expect(listed.first.locator("a", has_text="Bo Rated")).to_have_attribute("href", f"/play/players/{bo['id']}")
    newest = listed.first.get_attribute("data-game")
    listed.first.locator(".replay-links a", has_text="hand 1").click()  # the replay of its one hand
    expect(page).to_have_url(f"{server.url}/play/games/{newest}/hands/0/replay")
    wait_replay_loaded(page)


def test_the_history_filters(browse, server, rated_pair):
    ann, bo, games = rated_pair
    page = browse.page()
    page.goto("/play/")
    page.locator("nav a", has_text="Games played").click()
    expect(page.locator("[data-testid=history]")).to_have_attribute("aria-busy", "false")
    newest = ok(server, "GET", "/games?limit=20")["games"]
    listed = page.locator("[data-testid=games] li[data-game]")
    expect(listed).to_have_count(len(newest))
    assert [li.get_attribute("data-game") for li in listed.all()] == [g["id"] for g in newest]

    form = page.locator("#history-form")
    form.locator("input[name=player]").fill(bo["id"])
    form.locator("select[name=status]").select_option("finished")
    form.locator("select[name=variant]").select_option("iceberg")
    form.locator("button[data-action=filter]").click()
    expect(page).to_have_url(f"{server.url}/play/history?status=finished&variant=iceberg&player={bo['id']}")
    expect(listed).to_have_count(GAMES)
    expect(page.locator("#history-summary")).to_have_text(f"{GAMES} games shown.")

    form.locator("select[name=variant]").select_option("gin")
    form.locator("button[data-action=filter]").click()
    expect(listed).to_have_count(0)
    expect(page.locator("#history-summary")).to_have_text("No game matches these filters.")

    page.goto(f"/play/history?status=active&player={ann['id']}")  # a link keeps its filters
    expect(page.locator("#history-form select[name=status]")).to_have_value("active")
    expect(page.locator("#history-summary")).to_have_text("No game matches these filters.")

    form.locator("input[name=player]").fill("Ann")  # not an id: said, and nothing asked of the server
    form.locator("button[data-action=filter]").click()
    expect(page.locator("[data-testid=message]")).to_contain_text("A player id looks like")

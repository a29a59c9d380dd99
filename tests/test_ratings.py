"""Ratings and records (docs/api.md, "Ratings and standings"): a few dozen
random games played to their end against a real Redis, their standings
recorded in an order other than the one they ended in, then checked against
OpenSkill computed here directly from the games' logs; a rebuild from the
logs changes nothing; a crash between a game's end and its job loses no
rating."""

import json
import random

import pytest
from openskill.models import PlackettLuce

from domain import registry
from domain.kernel.seats import Resign
from domain.kernel.standings import places
from service.app.standings import settle_end
from service.config import Config
from tests.api_client import ApiClient
from tests.conftest import ADMIN_TOKEN
from tests.ratings_helpers import PLAYERS, expected, new_game, play_out, profile, random_games, register, standings_dump

# --- places: the kernel's reading of a result ---------------------------------------------------

def test_winners_first_then_the_nearest_totals_ties_shared_withdrawn_last():
    assert places((0,), [100, 50, 50, 20]) == (1, 2, 2, 4)
    assert places((0, 2), [80, 50, 80, 20]) == (1, 3, 1, 4)
    assert places((1,), [100, 5, 50, 20], withdrawn=(0,)) == (4, 1, 3, 2)  # the highest total withdrew
    assert places((1,), [30, 12, 30, 90]) == (2, 1, 2, 4)  # the lowest won: lowest first
    assert places((2,), [10, 20, 30], withdrawn=(0, 1)) == (2, 2, 1)
    assert places((), [10, 20]) is None  # nobody won (aborted, abandoned)


# --- the games ------------------------------------------------------------------------------------

@pytest.fixture
def app(own_redis):
    from service.http.app import create_app

    app = create_app(Config(redis_url=own_redis.url, admin_token=ADMIN_TOKEN, repair_s=2,
                            data_dir=str(own_redis.data_dir.parent / "data")))
    app.testing = True
    yield app
    app.extensions["iceberg"].hub.close()


def test_ratings_are_openskill_s_in_the_order_games_ended_whatever_order_they_are_recorded_in(
        app, own_redis, monkeypatch, capsys):
    svc = app.extensions["iceberg"]
    client = ApiClient(app.test_client())
    register(svc)
    rng = random.Random(28)
    games = random_games(svc, rng)
    seated = {game: svc.players.seated(game) for game in games}
    # recorded newest first: every game but the last to end comes before games already recorded
    for game in sorted(games, key=lambda g: (svc.recorder.last_at(g), g), reverse=True):
        settle_end(svc, game)
    ratings, records = expected(svc, games, seated)
    assert sum(len(r) for r in ratings.values()) >= 8 and "bot:greedy" in ratings["iceberg"]
    checked = 0
    for rater in PLAYERS + ["bot:greedy", "bot:random"]:
        shown = profile(client, rater)
        for variant in registry.VARIANTS:
            games_, wins = records.get(variant, {}).get(rater, (0, 0))
            if not games_:
                assert variant not in shown
                continue
            assert (shown[variant]["games"], shown[variant]["wins"]) == (games_, wins), (rater, variant)
            rating = ratings.get(variant, {}).get(rater)
            if rating is None:
                assert shown[variant]["rating"] is None
                continue
            got = shown[variant]["rating"]
            assert abs(got["mu"] - rating[0]) <= 1e-9 and abs(got["sigma"] - rating[1]) <= 1e-9, (rater, variant)
            assert got["games"] == rating[2] and abs(got["ordinal"] - (rating[0] - 3 * rating[1])) <= 1e-9
            checked += 1
    assert checked >= 8
    # the tie by resignation, the aborted, unrated, anonymous and abandoned games are recorded as such
    tie, aborted, unrated, anonymous, abandoned = games[-5:]
    assert svc.standings.recorded(tie)["places"][:2] == [3, 3]
    assert svc.standings.recorded(aborted) is None
    assert all(svc.standings.recorded(g)["places"] is None for g in (unrated, anonymous, abandoned))
    assert svc.standings.recorded(unrated)["raters"] == [PLAYERS[3], "bot:greedy"]

    # the projection thrown away and made again from the logs alone: the same, to the byte
    before = standings_dump(svc.recorder.redis)
    monkeypatch.setenv("ICEBERG_REDIS_URL", own_redis.url)
    from service.runtime.cli import main

    assert main(["ratings", "--rebuild"]) == 0
    assert "36 recorded" in capsys.readouterr().out
    assert standings_dump(svc.recorder.redis) == before


def test_recording_twice_changes_nothing_and_games_nobody_registered_played_count_for_nobody(app):
    svc = app.extensions["iceberg"]
    register(svc)
    rng = random.Random(5)
    game = new_game(svc, "gin", [PLAYERS[0], "bot:greedy"], {"max_hands": 1})
    play_out(svc, game, rng)
    assert settle_end(svc, game) == "rated"
    once = svc.standings.records("gin", [PLAYERS[0], "bot:greedy"])
    assert settle_end(svc, game) == "recorded already"
    assert svc.standings.records("gin", [PLAYERS[0], "bot:greedy"]) == once
    bots = new_game(svc, "gin", ["bot:greedy", "bot:random"], {"max_hands": 1})
    play_out(svc, bots, rng)
    assert settle_end(svc, bots) == "counts for nobody"
    assert svc.standings.records("gin", ["bot:random"]) == {}
    assert svc.due.when(game) is None and svc.due.when(bots) is None  # settled: out of the due index


def test_a_finished_game_stays_due_until_its_end_is_settled_and_its_check_settles_it(app, own_redis, monkeypatch):
    """The job that settles a game's end lost (the follow-ups never ran): the game is due
    `repair_s` after its end, and the check that comes then records it, as it repairs a
    bot's lost turn."""
    from datetime import datetime, timezone

    from freezegun import freeze_time

    from service.store.codec import epoch_ms
    from tests.workers_helpers import use_context
    from workers.sweeper import check_game

    svc = app.extensions["iceberg"]
    register(svc)
    game = new_game(svc, "iceberg", [PLAYERS[0], "bot:greedy"], {})
    lost = []
    monkeypatch.setattr(svc.follow_ups, "after_append", lambda *args, **kwargs: lost.append(args))  # died
    with freeze_time("2026-11-22T12:00:00Z"):
        svc.commands.handle(game, Resign(0), "s0")
    assert lost and svc.repository.load(game).state.status == "finished"
    assert svc.due.when(game) == epoch_ms(datetime(2026, 11, 22, 12, 0, 2, tzinfo=timezone.utc))  # repair_s on
    assert svc.standings.recorded(game) is None and svc.history.summary(game)["status"] == "active"
    use_context(monkeypatch, own_redis.url)
    assert check_game(game, 0) == "finished"
    assert svc.standings.recorded(game)["places"] == [2, 1] and svc.due.when(game) is None
    assert svc.history.summary(game)["status"] == "finished"


def test_a_worker_killed_before_it_records_a_game_loses_no_rating(own_redis, app, monkeypatch):
    """A real worker: the follow-ups of the game's end are lost with the process
    that appended it; the worker's ticker finds the game due and settles it."""
    from tests.workers_helpers import kill_group, start_worker, wait_until

    svc = app.extensions["iceberg"]
    register(svc)
    game = new_game(svc, "gin", [PLAYERS[1], "bot:greedy"], {})
    monkeypatch.setattr(svc.follow_ups, "after_append", lambda *args, **kwargs: None)  # died after the append
    svc.commands.handle(game, Resign(0), "s0")
    worker = start_worker(own_redis.url, ICEBERG_REPAIR_S="2")
    try:
        recorded = wait_until(lambda: svc.standings.recorded(game), timeout=60, what="the game recorded")
    finally:
        kill_group(worker)
    model = PlackettLuce()
    loser, winner = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    shown = svc.standings.records("gin", [PLAYERS[1], "bot:greedy"])
    assert recorded["places"] == [2, 1]
    assert abs(shown[PLAYERS[1]]["mu"] - loser[0].mu) <= 1e-9 and abs(shown["bot:greedy"]["mu"] - winner[0].mu) <= 1e-9
    assert svc.due.when(game) is None


# --- the option -----------------------------------------------------------------------------------

@pytest.mark.parametrize("code, variant", [("G", "iceberg"), ("gG", "gin"), ("fG", "fortune")])
def test_a_game_created_before_ratings_is_rated(code, variant):
    from service.store.codec import decode_event

    rules = registry.named(variant).rules({}).to_dict()
    del rules["rated"]
    stored = json.dumps([code, 2 if code == "G" else 1, 1763805600000, "sys", None,
                         [[{"name": "A", "bot": None}, {"name": "B", "bot": None}], rules, variant]]).encode()
    assert decode_event(stored).rules.rated is True


def test_rated_is_true_or_false_and_nothing_else(client):
    players = [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]
    for wrong in (1, "true", "no", 0):
        response = client.post("/games", json={"players": players, "rules": {"rated": wrong}})
        assert response.status_code == 422 and "rated" in response.get_json()["errors"]["rules"], wrong
    created = client.create(players, rules={"rated": False})
    assert client.get(f"/games/{created['id']}").get_json()["rules"]["rated"] is False
    option = next(o for o in client.get("/variants").get_json()["variants"][0]["options"] if o["name"] == "rated")
    assert option["type"] == "boolean" and option["default"] is True


# --- profiles and leaderboards over HTTP ----------------------------------------------------------

def test_the_leaderboard_lists_those_with_five_rated_games_by_ordinal_paged(app):
    svc = app.extensions["iceberg"]
    client = ApiClient(app.test_client())
    register(svc)
    rng = random.Random(7)
    everyone = PLAYERS + ["bot:greedy"]
    played = {}
    for _ in range(24):  # quick games of Gin: one of the two resigns
        table = rng.sample(everyone[:4] + ["bot:greedy"], 2) if rng.random() < 0.8 else [PLAYERS[4], "bot:greedy"]
        if table[0].startswith("bot:"):
            table.reverse()  # a person resigns
        game = new_game(svc, "gin", table, {})
        svc.commands.handle(game, Resign(0), "s0")
        settle_end(svc, game)
        for rater in table:
            played[rater] = played.get(rater, 0) + 1
    rows, cursor, pages = [], None, 0
    while True:
        page = client.get("/variants/gin/leaderboard?limit=2" + (f"&cursor={cursor}" if cursor else "")).get_json()
        rows += page["players"]
        pages += 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
    expected_on = {rater for rater, n in played.items() if n >= 5}
    assert {r["player"] for r in rows} == expected_on and len(rows) == len(expected_on) and pages >= 2
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    assert [r["ordinal"] for r in rows] == sorted((r["ordinal"] for r in rows), reverse=True)
    for row in rows:
        shown = profile(client, row["player"])["gin"]
        assert shown["rank"] == row["rank"] and shown["rating"]["games"] == row["games"] == played[row["player"]]
        assert row["name"] == ("greedy" if row["bot"] else svc.players.get(row["player"])["name"])
    off = [rater for rater, n in played.items() if n < 5]
    assert off  # someone has fewer than 5 rated games: rated, and off the board
    for rater in off:
        assert profile(client, rater)["gin"]["rank"] is None
    problem_of(client.get("/variants/gin/leaderboard?cursor=bm9wZQ"), 400)
    problem_of(client.get("/variants/chess/leaderboard"), 404)
    for nobody in ("p_00000000000000ff", "bot:nobody", "ann", "bot:"):
        problem_of(client.get(f"/players/{nobody}"), 404)
    fresh = profile(client, "bot:random")
    assert fresh == {}  # no game yet


def problem_of(response, status):
    assert response.status_code == status, response.get_json()
    assert response.mimetype == "application/problem+json"


def test_a_standing_is_recorded_and_rebuilt_on_one_redis_and_on_a_cluster(backend):
    """The standings' keys share one hash slot, so their scripts run on a cluster too;
    a rebuild scans every node for the games."""
    from service.http.app import create_app

    app = create_app(backend)
    svc = app.extensions["iceberg"]
    client = ApiClient(app.test_client())
    ann = client.post("/players", json={"name": "Ann"}).get_json()
    game = client.post("/games", token=ann["token"], json={
        "variant": "gin", "players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}).get_json()["id"]
    assert client.post(f"/games/{game}/resign", token=ann["token"], json={}).status_code == 201
    assert settle_end(svc, game) == "rated"
    shown = profile(client, ann["id"])["gin"]
    model = PlackettLuce()
    loser, _ = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert (shown["games"], shown["wins"]) == (1, 0) and abs(shown["rating"]["mu"] - loser[0].mu) <= 1e-9
    try:
        svc.book.rebuild()
        assert profile(client, ann["id"])["gin"] == shown
    finally:
        svc.hub.close()

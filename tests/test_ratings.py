"""Ratings and records (docs/api.md, "Ratings and standings"): a few dozen
random games played to their end against a real Redis, their standings
recorded in an order other than the one they ended in, then checked against
OpenSkill computed here directly from the games' logs; a rebuild from the
logs changes nothing; a crash between a game's end and its job loses no
rating."""

import itertools
import json
import random
import secrets

import pytest
from openskill.models import PlackettLuce

from domain import registry
from domain.kernel.ending import EndGame
from domain.kernel.players import CreateGame, Player
from domain.kernel.seats import Abort, Resign
from domain.kernel.standings import places
from service.app.standings import settle_end
from service.app.tokens import token_hash
from service.config import Config
from service.store import keys
from service.store.players import player_field
from tests.api_client import ApiClient
from tests.conftest import ADMIN_TOKEN

PLAYERS = [f"p_{i:016x}" for i in range(1, 6)]


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


def register(svc):
    for i, player_id in enumerate(PLAYERS):
        svc.players.create(player_id, f"Player {i}", None, token_hash(secrets.token_hex(8)), 0)


def play_out(svc, game_id: str, rng: random.Random, resign=(), abandon_after: int | None = None) -> None:
    """Every seat plays the random policy on what it may see until the game ends;
    the seats of `resign` resign after a few actions; `abandon_after` actions end it as abandoned."""
    for step in itertools.count():
        state = svc.repository.load(game_id).state
        if state.status == "finished":
            return
        if abandon_after is not None and step == abandon_after:
            svc.commands.handle(game_id, EndGame("abandoned"), "sys")
            continue
        if step == 6 and resign:
            for seat in resign:
                if svc.repository.load(game_id).state.status != "finished":
                    svc.commands.handle(game_id, Resign(seat), f"s{seat}")
            continue
        variant = registry.of(state)
        seat = state.turn_seat
        command = variant.bots["random"](variant.see(state, seat), rng)
        svc.commands.handle(game_id, command, f"s{seat}")


def new_game(svc, variant: str, seats: list, rules: dict) -> str:
    """`seats`: a player id, "bot:<policy>" or "anon:<name>" each."""
    players, tokens = [], {}
    for seat, who in enumerate(seats):
        if who.startswith("bot:"):
            players.append(Player(f"B{seat}", who[4:]))
        elif who.startswith("anon:"):
            players.append(Player(who[5:]))
        else:
            players.append(Player(f"P{seat}"))
            tokens[player_field(who)] = seat
    game_id = "g_" + secrets.token_hex(8)
    definition = registry.named(variant)
    svc.commands.create(game_id, definition, CreateGame(tuple(players), definition.rules(rules), variant),
                        tokens=tokens)
    return game_id


def random_games(svc, rng: random.Random) -> list[str]:
    """Random tables of registered players and bots (2-6 seats, all three variants),
    and among them a tie by two resignations, an aborted, an unrated, an abandoned
    game and one with an anonymous seat."""
    games = []
    for _ in range(32):
        variant = rng.choice(["iceberg", "iceberg", "gin", "fortune"])
        size = 2 if variant == "gin" else rng.randint(2, 6)
        humans = rng.sample(PLAYERS, rng.randint(1, min(size, 3)))
        seats = humans + [f"bot:{rng.choice(['greedy', 'random'])}" for _ in range(size - len(humans))]
        rng.shuffle(seats)
        game = new_game(svc, variant, seats, {"max_hands": 1})
        play_out(svc, game, rng)
        games.append(game)
    tie = new_game(svc, "iceberg", [PLAYERS[0], PLAYERS[1], "bot:greedy", "bot:random"], {"max_hands": 1})
    play_out(svc, tie, rng, resign=(0, 1))  # both withdrawn: they share the last place
    aborted = new_game(svc, "iceberg", [PLAYERS[2], "bot:greedy"], {})
    svc.commands.handle(aborted, Abort(0), "s0")
    unrated = new_game(svc, "gin", [PLAYERS[3], "bot:greedy"], {"rated": False, "max_hands": 1})
    play_out(svc, unrated, rng)
    anonymous = new_game(svc, "fortune", [PLAYERS[4], "anon:Zed", "bot:greedy"], {"max_hands": 1})
    play_out(svc, anonymous, rng)
    abandoned = new_game(svc, "iceberg", [PLAYERS[0], "bot:random"], {"max_hands": 1})
    play_out(svc, abandoned, rng, abandon_after=4)
    return games + [tie, aborted, unrated, anonymous, abandoned]


# --- OpenSkill directly, from the logs ------------------------------------------------------------

def expected(svc, games: list[str], seated: dict[str, dict[int, str]]):
    """(variant -> rater -> [mu, sigma, rated games], variant -> rater -> [games, wins]) as
    docs/api.md says they are: OpenSkill's Plackett-Luce with its defaults, each seat a
    team, ranked by GameEnded (winners first, then the others by total, highest first,
    those who resigned last, ties sharing a rank), in the order the games ended."""
    model = PlackettLuce()
    ended = []
    for game in games:
        log = svc.recorder.read(game)
        end = log[-1]
        assert end.type == "GameEnded"
        created = log[0].data
        withdrawn = {e.data["seat"] for e in log if e.type in ("SeatResigned", "SeatForfeited")}
        raters = []
        for seat, p in enumerate(created["players"]):
            raters.append(seated[game].get(seat) or (f"bot:{p['bot']}" if p["bot"] else None))
        at = svc.recorder.last_at(game)
        ended.append((at, game, created, end.data, withdrawn, raters))
    ratings, records = {}, {}
    for _, game, created, end, withdrawn, raters in sorted(ended, key=lambda e: (e[0], e[1])):
        if end["reason"] == "aborted" or not seated[game]:
            continue
        variant = log_variant(created)
        for seat, rater in enumerate(raters):
            if rater is not None and seat == raters.index(rater):
                record = records.setdefault(variant, {}).setdefault(rater, [0, 0])
                record[0] += 1
                record[1] += any(raters[w] == rater for w in end["winners"])
        if not created["rules"].get("rated", True) or None in raters or not end["winners"]:
            continue
        keys_ = [rank_key(end, withdrawn, seat) for seat in range(len(raters))]
        ranks = [sorted(keys_).index(k) for k in keys_]
        mine = ratings.setdefault(variant, {})
        teams = [[model.rating(*mine.get(r, (model.mu, model.sigma, 0))[:2])] for r in raters]
        after = model.rate(teams, ranks=ranks)
        best = {}
        for seat, rater in enumerate(raters):
            if rater not in best or ranks[seat] < ranks[best[rater]]:
                best[rater] = seat
        for rater, seat in best.items():
            games_rated = mine.get(rater, (0, 0, 0))[2] + 1
            mine[rater] = (after[seat][0].mu, after[seat][0].sigma, games_rated)
    return ratings, records


def rank_key(end: dict, withdrawn: set, seat: int) -> tuple:
    """Winners first, then the highest totals, those who resigned last."""
    if seat in end["winners"]:
        return (0, 0)
    return (2, 0) if seat in withdrawn else (1, -end["totals"][seat])


def log_variant(created: dict) -> str:
    return created.get("variant") or "iceberg"


def profile(client, rater):
    response = client.get(f"/players/{rater}")
    assert response.status_code == 200, response.get_json()
    return {v["variant"]: v for v in response.get_json()["variants"]}


def standings_dump(redis) -> dict:
    """Everything the standings hold, as stored."""
    found = {"games": redis.hgetall(keys.STANDINGS_GAMES)}
    for variant in registry.VARIANTS:
        found[variant] = (redis.hgetall(keys.standings_records(variant)),
                          redis.zrange(keys.leaderboard(variant), 0, -1, withscores=True),
                          redis.zrange(keys.standings_order(variant), 0, -1, withscores=True))
    return found


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

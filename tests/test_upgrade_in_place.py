"""A data set written by the server before replays were a cache
(tests/fixtures/main_data.json, see its README) is served by today's code:
its games, its player's inbox, and its replays, which the first game worker
drops once and the log builds again, the same, compressed and kept a day."""

import json
from pathlib import Path

from service.runtime.ticker import Ticker
from service.store import keys
from service.store.records import REPLAY_KEPT_S, ZLIB
from tests.saved_keys import restore
from tests.workers_helpers import use_context

SAVED = json.loads((Path(__file__).parent / "fixtures" / "main_data.json").read_text())
GAMES = SAVED["games"]


def saved_replays() -> dict:
    return {k: v for k, v in SAVED["keys"].items() if ":replay:" in k}


def test_old_replays_are_served_then_dropped_once_and_built_again_the_same(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    redis = ctx.recorder.redis
    restore(redis, SAVED["keys"])
    game = GAMES["bots"]
    before = own_client.get(f"/games/{game}/hands/0/replay")
    assert before.status_code == 200  # as the old server stored it
    text_before = own_client.get(f"/games/{game}/hands/0/replay.txt").get_data(as_text=True)
    assert saved_replays() and all(redis.ttl(k) == -1 for k in saved_replays())

    Ticker(ctx, every_s=1)._upgrade()
    assert not any(redis.exists(k) for k in saved_replays())
    Ticker(ctx, every_s=1)._upgrade()  # once: the step is marked done
    assert redis.hget(keys.UPGRADES, "replays-cached") == b"1"

    asked = own_client.get(f"/games/{game}/hands/0/replay")
    assert asked.status_code == 202  # being built: the request queued its job
    from workers.replays import build_replay

    build_replay(game, 0)
    again = own_client.get(f"/games/{game}/hands/0/replay")
    assert again.status_code == 200 and again.get_json() == before.get_json()
    assert own_client.get(f"/games/{game}/hands/0/replay.txt").get_data(as_text=True) == text_before
    for form in ("json", "txt"):
        stored = redis.get(keys.replay(game, 0, form))
        assert stored.startswith(ZLIB) and 0 < redis.ttl(keys.replay(game, 0, form)) <= REPLAY_KEPT_S
        assert len(stored) < len(before.get_data()) / 4 or form == "txt"


def test_the_old_data_sets_games_and_player_are_served(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    restore(ctx.recorder.redis, SAVED["keys"])
    for game in (GAMES["bots"], GAMES["mixed"]):
        assert own_client.get(f"/games/{game}").get_json()["status"] == "finished"
        assert own_client.get(f"/games/{game}/export").status_code == 200
    token = GAMES["ann"]["token"]
    inbox = own_client.get("/me/games", token=token).get_json()
    assert inbox == {"my_turn_count": 0, "games": [], "next_cursor": None}
    finished = own_client.get("/me/games?status=finished", token=token).get_json()
    assert [g["id"] for g in finished["games"]] == [GAMES["mixed"]]


def test_players_of_an_older_server_can_sign_in_by_code_once_their_addresses_are_indexed(own_redis, own_client,
                                                                                          monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    redis = ctx.recorder.redis
    made = own_client.post("/players", json={"name": "Bo", "email": "Bo@Example.org"}).get_json()
    own_client.post("/players", json={"name": "Cy"})  # no address: nothing to index
    for key in redis.keys("iceberg:player-email:*"):  # as an older server left them: no index of addresses
        redis.delete(key)
    assert ctx.players.by_email("bo@example.org") is None
    redis.hset(keys.UPGRADES, "replays-cached", "1")  # the other steps are not this test's
    redis.hset(keys.UPGRADES, "finished-indexed", "1")

    Ticker(ctx, every_s=1)._upgrade()
    assert ctx.players.by_email("bo@example.org") == made["id"]
    assert redis.hget(keys.UPGRADES, "emails-indexed") == b"1"
    assert len(redis.keys("iceberg:player-email:*")) == 1  # Cy gave no address
    assert ctx.players.new_sign_in_code(made["id"], "bo@example.org", 0)  # what the sign-in's job does for it

"""Finished games leave Redis for the archive (service/app/archiving.py) and are
served as before: a data set written by the server before the archive
(tests/fixtures/main_data.json) is archived ICEBERG_ARCHIVE_AFTER_DAYS after
its games ended, and every read of them still answers, from the archive."""

import gzip
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from projections.audit.verify import verify
from service.app.signing import signature_holds
from service.store import keys
from tests.saved_keys import restore
from tests.workers_helpers import use_context

SAVED = json.loads((Path(__file__).parent / "fixtures" / "main_data.json").read_text())
GAMES = (SAVED["games"]["bots"], SAVED["games"]["mixed"])
ANN = SAVED["games"]["ann"]


def ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


@pytest.fixture
def served(own_redis, own_app, own_client, monkeypatch):
    """The old data set in the test Redis, a worker context on it, its finished games indexed for archiving."""
    svc = own_app.extensions["iceberg"]
    restore(svc.recorder.redis, SAVED["keys"])
    ctx = use_context(monkeypatch, own_redis.url, ICEBERG_DATA_DIR=svc.config.data_dir)
    assert svc.archiver.adopt_finished(svc.history) == 2
    return svc, ctx, own_client


def game_keys(redis, game_id: str) -> list[bytes]:
    return list(redis.scan_iter(match=keys.GAME_PATTERN % game_id))


def test_a_game_is_archived_after_its_days_and_leaves_one_index_entry(served):
    svc, _ctx, _client = served
    ended = max(svc.recorder.last_at(g) for g in GAMES)
    assert svc.archiver.archive_due(ended + 6 * 86_400_000) == 0  # not yet: a read only
    assert svc.archiver.archive_due(ended + 8 * 86_400_000) == 2
    redis = svc.recorder.redis
    for game in GAMES:
        assert game_keys(redis, game) == []
        assert redis.hexists(keys.ARCHIVED, game) and redis.zscore(keys.FINISHED, game) is None
        document = json.loads(gzip.decompress(svc.archiver.archive.get(game)))
        assert document["format"] == "iceberg-archive" and document["version"] == 1
        assert {"events", "meta", "snap", "summary", "info"} <= set(document["keys"])
        assert not any(k.startswith(("replay:", "export")) for k in document["keys"])
    assert redis.memory_usage(keys.ARCHIVED, samples=0) <= 512 * len(GAMES)
    assert svc.archiver.archive_due(ended + 9 * 86_400_000) == 0  # once


def test_every_read_serves_an_archived_game_as_before(served):
    svc, _ctx, client = served
    before = {g: {path: client.get(f"/games/{g}{path}").get_json() for path in ("", "/events", "/export")}
              for g in GAMES}
    history = client.get("/games?status=finished").get_json()["games"]
    finished = client.get("/me/games?status=finished", token=ANN["token"]).get_json()
    profile = client.get(f"/players/{ANN['id']}").get_json()
    svc.archiver.archive_due(ms(datetime.now(timezone.utc) + timedelta(days=3650)))
    svc.repository.cache.drop(GAMES[0]), svc.repository.cache.drop(GAMES[1])
    assert client.get("/games?status=finished").get_json()["games"] == history  # from the documents
    for game in GAMES:
        svc.recorder.redis.unlink(*game_keys(svc.recorder.redis, game) or [keys.meta(game)])
        for path in ("", "/events", "/export"):
            assert client.get(f"/games/{game}{path}").get_json() == before[game][path], path
        assert verify(before[game]["/export"], signature_holds) and verify(client.get(f"/games/{game}/export")
                                                                           .get_json(), signature_holds)
        restored = [k for k in game_keys(svc.recorder.redis, game)]
        lives = {k: svc.recorder.redis.ttl(k) for k in restored}
        assert restored and all(0 < ttl <= 3600 for k, ttl in lives.items() if not k.endswith(b":export"))
        assert all(ttl > 0 for ttl in lives.values())  # nothing stays: a cache of the archive
    assert client.get("/me/games?status=finished", token=ANN["token"]).get_json() == finished
    assert client.get(f"/players/{ANN['id']}").get_json() == profile
    assert svc.book.rebuild()["games"] == 2  # the ratings are made again from the archived logs


def test_an_archived_games_replay_is_built_from_the_archive(served):
    svc, _ctx, client = served
    svc.archiver.archive_due(ms(datetime.now(timezone.utc) + timedelta(days=3650)))
    game = GAMES[0]
    assert client.get(f"/games/{game}/hands/0/replay").status_code == 202
    for k in game_keys(svc.recorder.redis, game):
        svc.recorder.redis.unlink(k)  # gone again before the job runs: the job brings it back itself
    from workers.replays import build_replay

    assert build_replay(game, 0).startswith("replay of hand 0")
    replay = client.get(f"/games/{game}/hands/0/replay")
    assert replay.status_code == 200 and replay.get_json()["hand"] == 0
    assert "hand" in client.get(f"/games/{game}/hands/0/replay.txt").get_data(as_text=True).lower()


def test_a_finished_game_is_sealed_in_one_key_a_minute_after_its_end_and_served_then_archived(served):
    svc, _ctx, client = served
    game = GAMES[0]
    before = {path: client.get(f"/games/{game}{path}").get_json() for path in ("", "/events", "/export")}
    used = sum(svc.recorder.redis.memory_usage(k, samples=0) for k in game_keys(svc.recorder.redis, game))
    ended = max(svc.recorder.last_at(g) for g in GAMES)
    assert svc.archiver.seal_after_s == 60  # the default
    assert svc.archiver.seal_due(ended + 59_000) == 0
    assert svc.archiver.seal_due(ended + 60_000) == 2
    left = {k.decode().split("}:")[1]: svc.recorder.redis.memory_usage(k, samples=0)
            for k in game_keys(svc.recorder.redis, game)}
    assert set(left) == {"sealed", "summary", "info"} and sum(left.values()) < used / 2
    svc.repository.cache.drop(game)
    for path in ("", "/events", "/export"):
        assert client.get(f"/games/{game}{path}").get_json() == before[path], path  # the chain computed again
    assert svc.recorder.verify(game) == []
    assert svc.archiver.archive_due(ms(datetime.now(timezone.utc) + timedelta(days=3650))) == 2
    assert game_keys(svc.recorder.redis, game) == []
    assert client.get(f"/games/{game}/export").get_json() == before["/export"]

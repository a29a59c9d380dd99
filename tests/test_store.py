"""The event store on a real Redis: atomic appends, the hash chain, snapshots."""

import secrets

import pytest

from domain.engine import play
from domain.iceberg import VARIANT as ICEBERG
from domain.iceberg.commands import CreateGame, Player
from domain.iceberg.evolve import fold
from domain.iceberg.rules import Rules
from domain.iceberg.state import INITIAL
from domain.kernel.deals import seeded_deal
from domain.selfplay import bot_game
from service.store import keys
from service.store.codec import decode
from service.store.errors import ConcurrencyError
from service.store.recorder import Recorder, last_hash
from service.store.repository import Loaded, Repository
from service.wiring import connect, connect_store

EMPTY = Loaded.new(ICEBERG)


def repository(redis, snapshot_every=100):
    """A repository as a new process has it: nothing cached."""
    return Repository(Recorder(redis), snapshot_every=snapshot_every)


@pytest.fixture
def store(backend):
    return repository(connect_store(backend), snapshot_every=25)


def new_id():
    return "g_" + secrets.token_hex(8)


def record_game(store, seed=3, hands=2):
    """A bot game stored command by command, as the API stores it."""
    game = new_id()
    log = []

    def on_step(command, events, state):
        loaded = store.load(game) if log else EMPTY
        store.append(game, loaded, store.prepare(loaded, events, "test"), state)
        log.extend(events)

    final = bot_game(["random", "greedy", "random"], Rules(hands=hands), seed, on_step=on_step)
    return game, log, final


def test_loading_folds_back_to_the_same_state(store):
    game, log, final = record_game(store)
    assert store.load(game).state == final == fold(log)
    assert store.recorder.verify(game) == []


def test_a_stale_expected_version_appends_nothing(store):
    game = new_id()
    events, state = play(INITIAL, CreateGame((Player("A"), Player("B"))), lambda d: seeded_deal(d, b"x"))
    store.append(game, EMPTY, store.prepare(EMPTY, events, "t"), state)
    with pytest.raises(ConcurrencyError) as raised:
        store.append(game, EMPTY, store.prepare(EMPTY, events, "t"), state)
    assert raised.value.actual == len(events)
    assert len(store.recorder.read(game)) == len(events)


def test_loading_reads_a_snapshot_and_a_short_tail(store, monkeypatch):
    game, log, final = record_game(store, seed=5, hands=3)
    fresh = repository(store.redis, snapshot_every=25)  # another process: nothing cached
    read = []
    original = fresh.recorder.tail

    def spy(game_id, known, max_gap):
        snap, entries = original(game_id, known, max_gap)
        read.append(len(entries))
        return snap, entries

    monkeypatch.setattr(fresh.recorder, "tail", spy)
    assert fresh.load(game).state == final
    assert len(log) > 3 * 25 and read == [read[0]] and read[0] <= 26


def test_a_due_snapshot_is_stored_by_the_append_itself(own_redis):
    redis = connect(own_redis.url)
    store = repository(redis)
    events, state = play(INITIAL, CreateGame((Player("A"), Player("B"))), lambda d: seeded_deal(d, b"x"))
    store.append(new_id(), EMPTY, store.prepare(EMPTY, events, "t"), state)  # the script is loaded by now
    game = new_id()
    redis.config_resetstat()
    store.append(game, EMPTY, store.prepare(EMPTY, events, "t"), state)  # a creation: a snapshot is due
    calls = redis.info("commandstats")
    assert calls["cmdstat_evalsha"]["calls"] == 1 and "cmdstat_eval" not in calls  # one script: one round trip
    assert int(redis.hget(keys.meta(game), "snap")) == state.version == len(events)
    assert repository(redis).load(game).state == state
    redis.delete(keys.snap(game))
    redis.hdel(keys.meta(game), "snap")
    with pytest.raises(ConcurrencyError):  # a refused append stores no snapshot
        store.append(game, EMPTY, store.prepare(EMPTY, events, "t"), state)
    assert redis.get(keys.snap(game)) is None


def test_an_unreadable_snapshot_is_only_a_lost_cache(store):
    game, log, final = record_game(store, seed=6, hands=1)
    store.redis.set(keys.snap(game), b"{not json")
    assert repository(store.redis).load(game).state == final


def test_a_cached_state_catches_up_with_appends_made_elsewhere(store):
    game, log, final = record_game(store, seed=9, hands=1)
    other = repository(store.redis)  # another process, with the game cached at its start
    assert other.load(game).state == final
    assert other.cache.get(game).state == final


def test_tampering_with_an_entry_breaks_the_chain(store):
    game, log, _ = record_game(store, seed=7, hands=1)
    entries = store.redis.xrange(keys.events(game), "-", "+")
    forged = new_id()
    for i, (entry_id, fields) in enumerate(entries):
        e = fields[b"e"]
        if i == 5:  # change one card in one event (a draw), keep everything else
            assert decode(e)[0] in ("CardDrawn", "CardDiscarded", "CardPickedUp", "AceRevealed")
            e = e.replace(b'"' + decode(e)[4]["card"].encode() + b'"', b'"KH"' if b'"KH"' not in e else b'"QH"')
        store.redis.xadd(keys.events(forged), {"e": e, "p": fields[b"p"]}, id=entry_id)
    store.redis.hset(keys.meta(forged), "version", len(entries))
    problems = store.recorder.verify(forged)
    assert problems == ["version 7 does not follow the hash of the entry before it"]


def test_a_missing_entry_is_found(store):
    game, log, _ = record_game(store, seed=8, hands=1)
    store.redis.xdel(keys.events(game), "0-4")
    assert any("version 4 is missing" in p for p in store.recorder.verify(game))


def test_all_keys_of_a_game_share_its_hash_tag():
    from redis.cluster import key_slot

    game = "g_0123456789abcdef"
    every_key = [keys.events(game), keys.meta(game), keys.snap(game), keys.tokens(game), keys.webhooks(game),
                 keys.idempotency(game, "s0:k"), keys.replay(game, 0, "json"), keys.reminded(game, "x"),
                 keys.deliveries(game, 0)]
    slots = {key_slot(k.encode()) for k in every_key}
    assert len(slots) == 1


@pytest.mark.parametrize("backend", ["cluster"], indirect=True)
def test_on_a_cluster_games_spread_over_the_masters(backend, client):
    import redis as plain

    games = [client.create([{"name": "A"}, {"name": "B"}])["id"] for _ in range(12)]
    cluster = client.http.application.extensions["iceberg"].recorder.redis
    nodes = {cluster.get_node_from_key(keys.events(g)).port for g in games}
    assert len(nodes) >= 2
    for g in games:
        port = cluster.get_node_from_key(keys.events(g)).port
        assert plain.Redis(port=port).exists(keys.events(g)) == 1  # the game lives on its slot's node


def test_the_embedded_redis_starts_from_a_relative_data_dir(tmp_path, monkeypatch):
    # `iceberg serve` defaults to ./.iceberg: a path relative to where it runs
    from service.runtime.redis_server import RedisServer

    monkeypatch.chdir(tmp_path)
    with RedisServer(".iceberg/redis") as server:
        assert connect(server.url).ping()
    assert (tmp_path / ".iceberg" / "redis" / "redis.log").exists()


def test_prepared_events_are_what_reading_the_log_gives_back(store):
    game, log, _ = record_game(store, seed=10, hands=1)
    stored = store.recorder.read(game)
    before = EMPTY
    described = []
    for cut in range(0, len(log), 7):  # in batches, as appends happen
        batch = log[cut:cut + 7]
        prepared = store.prepare(before, batch, "test")
        described += prepared.described
        before = Loaded(fold(batch, before.state), last_hash(prepared.entries))
    assert [(d.version, d.type, d.hand, d.data) for d in described] == \
           [(s.version, s.type, s.hand, s.data) for s in stored]

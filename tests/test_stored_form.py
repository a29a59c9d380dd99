"""The stored form of events is pinned: every type's code, schema version and
field list, and the exact bytes it is written as. And a log written by the
released server before events were versioned (tests/fixtures/log_v1.json)
still loads, verifies and plays on."""

import importlib
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from domain import registry
from domain.deadlines import human_to_move
from domain.engine import bot_move
from domain.iceberg.events import (
    GameCreated,
)
from domain.iceberg.rules import Rules
from domain.kernel.players import Player
from domain.kernel.turns import TimeOut
from service.config import Config
from service.store import keys
from service.store.codec import decode, decode_event, encode
from service.wiring import connect, wire
from tests.log_checks import check_log

FIXTURE = Path(__file__).parent / "fixtures" / "log_v1.json"

def pinned(name: str):
    return importlib.import_module(f"tests.pinned.{name}")


VARIANT_NAMES = sorted(registry.VARIANTS)
SAMPLES = [sample for name in VARIANT_NAMES for sample in pinned(name).SAMPLES]


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_every_stored_type_of_every_variant_is_pinned(name):
    found = {form.name: (form.code, form.version, form.fields) for form in registry.named(name).stored}
    assert found == pinned(name).PINNED


def test_every_type_code_names_one_type():
    """Two variants may share a form (the play-by-mail events), never a code for two types."""
    types_of = {}
    for variant in registry.VARIANTS.values():
        for form in variant.stored:
            types_of.setdefault(form.code, set()).add(form.type)
    assert all(len(types) == 1 for types in types_of.values()), types_of


@pytest.mark.parametrize("event, stored", SAMPLES, ids=lambda x: type(x).__name__ if not isinstance(x, bytes) else "")
def test_each_event_is_stored_as_exactly_these_bytes_and_read_back(event, stored):
    assert encode(event, 1763805600000, "s0", 0) == stored
    assert decode_event(stored) == event


def test_a_version_1_game_created_is_read_as_an_iceberg_game():
    old = b'["G",1763805600000,"sys",null,[[{"name":"A","bot":null},{"name":"B","bot":null}],' \
          b'{"ace_rule":"bonus","target_score":5000,"decks":"auto","hands":null,"turn_timeout_s":null}]]'
    name, at, actor, hand, data = decode(old)
    assert (name, at, actor, hand) == ("GameCreated", "2025-11-22T10:00:00.000Z", "sys", None)
    assert data["variant"] == "iceberg" and data["rules"]["ace_rule"] == "bonus"
    assert decode_event(old) == GameCreated((Player("A"), Player("B")), Rules(ace_rule="bonus"), "iceberg")


@pytest.mark.parametrize("code, variant", [("O", "iceberg"), ("fO", "fortune")])
def test_a_version_1_game_ended_reads_with_the_reason_it_must_have_had(code, variant):
    """Before GameEnded said why, a shared win could only end a game of a fixed number of hands."""
    ended = registry.named(variant).event_types()["GameEnded"]
    sole = f'["{code}",1,1763805600000,"s0",3,[[0],[550,-55]]]'.encode()
    shared = f'["{code}",1,1763805600000,"s0",3,[[0,1],[90,90]]]'.encode()
    assert decode_event(sole) == ended((0,), (550, -55), "target")
    assert decode_event(shared) == ended((0, 1), (90, 90), "hands")


def restore(redis, game_id: str, dumped: dict) -> None:
    """The keys of one fixture game, as the released server left them."""
    for entry_id, e, p in dumped["events"]:
        redis.xadd(keys.events(game_id), {"e": e.encode(), "p": bytes.fromhex(p)}, id=entry_id)
    redis.hset(keys.meta(game_id), mapping=dumped["meta"])
    if dumped["snap"]:
        redis.set(keys.snap(game_id), dumped["snap"].encode())
    if dumped["tokens"]:
        redis.hset(keys.tokens(game_id), mapping=dumped["tokens"])


def test_a_log_written_before_versioned_events_loads_and_plays_on(redis_server):
    fixture = json.loads(FIXTURE.read_text())
    redis = connect(redis_server.url)
    # a clock at the time the fixture was written: its deadlines are an hour or two ahead
    moment = [datetime(2026, 11, 22, 10, 30, tzinfo=timezone.utc)]
    services = wire(Config(redis_url=redis_server.url), store_redis=redis, clock=lambda: moment[0], jobs=False)
    rng = random.Random(1)
    for game_id, dumped in fixture["games"].items():
        for key in (keys.events(game_id), keys.meta(game_id), keys.snap(game_id), keys.tokens(game_id)):
            redis.delete(key)
        restore(redis, game_id, dumped)
        assert services.recorder.verify(game_id) == []
        state = services.repository.load(game_id).state
        expect = dumped["expect"]
        assert (state.version, state.status, list(state.totals), state.hands_played) == \
               (expect["version"], expect["status"], expect["totals"], expect["hands_played"])
        assert state.variant == "iceberg"
        played = 0
        while state.status != "finished" and played < 150:
            seat = state.turn_seat
            if state.deadline and human_to_move(state) is not None and rng.random() < 0.2:
                moment[0] += timedelta(hours=3)  # this player is late: the turn times out
                command, actor = TimeOut(state.deadline), "to"
            elif human_to_move(state) is not None:
                command, actor = rng.choice(registry.of(state).legal_actions(state, seat)), f"s{seat}"
            else:
                command, actor = bot_move(state, rng), f"b{seat}"
            state = services.commands.handle(game_id, command, actor).state
            played += 1
        assert played > 0 or expect["status"] == "finished"
        assert state.status == "finished" or played == 150
        stored = services.recorder.read(game_id)
        old = [e for e in stored if e.version <= expect["version"]]
        assert [e.version for e in old] == list(range(1, expect["version"] + 1))
        new_types = {e.type for e in stored if e.version > expect["version"]}
        if state.rules.turn_timeout_s:  # the play-by-mail game went on timing turns out
            assert {"DeadlineSet", "TurnTimedOut"} <= new_types
        check_log(services.recorder, game_id)  # invariants over old and new entries, and the chain
        entries = redis.xrange(keys.events(game_id))
        assert all(len(json.loads(f[b"e"])) == 5 for _, f in entries[:expect["version"]])  # untouched
        assert all(len(json.loads(f[b"e"])) == 6 for _, f in entries[expect["version"]:])  # versioned

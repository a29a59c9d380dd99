"""Games of every variant that the server stored before the variant kit
(tests/fixtures/variant_logs.json: a finished game and one stopped in the
middle of a hand, per variant) load into a real Redis, read as they were
read then, and play on with today's code."""

import json
import random
import zlib
from datetime import datetime, timedelta

import pytest

from domain import registry
from domain.deadlines import human_to_move
from domain.engine import bot_move
from domain.kernel.ending import EndGame
from domain.kernel.errors import GameOver
from domain.kernel.turns import TimeOut, parse
from service.config import Config
from service.store import keys
from service.store.repository import snapshot_state
from service.wiring import connect, wire
from tests.conformance import START, Game, Step, every_card_in_exactly_one_place, totals_are_the_hands
from tests.saved_keys import restore, variant_logs

LOGS = variant_logs()
GAMES = sorted(LOGS["games"].items(), key=lambda item: (item[1]["variant"], item[1]["kind"]))


class Clock:
    def __init__(self, moment: datetime):
        self.moment = moment

    def __call__(self):
        self.moment += timedelta(milliseconds=3)
        return self.moment


@pytest.fixture
def saved(redis_server):
    """The saved keys, put back before each test: a test that plays on changes them."""
    redis = connect(redis_server.url)
    restore(redis, LOGS["keys"])
    return redis


def _services(redis_server, saved, tmp_path, game: dict):
    clock = Clock(datetime.fromisoformat(game["at"]))
    config = Config(redis_url=redis_server.url, data_dir=str(tmp_path))
    return wire(config, store_redis=saved, clock=clock, jobs=False), clock


def _seen(state) -> dict:
    variant = registry.of(state)
    return {"variant": state.variant, "version": state.version, "status": state.status,
            "totals": list(state.totals), "hands_played": state.hands_played, "turn_seat": state.turn_seat,
            "deadline": state.deadline, "public": json.loads(json.dumps(variant.public(state)))}


@pytest.mark.parametrize("game_id, game", GAMES, ids=[f"{g['variant']}-{g['kind']}" for _, g in GAMES])
def test_a_stored_game_reads_as_it_did(redis_server, saved, tmp_path, game_id, game):
    services, _ = _services(redis_server, saved, tmp_path, game)
    assert services.recorder.verify(game_id) == []
    expect = {k: v for k, v in game["expect"].items() if k != "snapshot"}
    state = services.repository.load(game_id).state
    assert _seen(state) == expect
    stored = services.recorder.read(game_id)
    variant = registry.named(game["variant"])
    assert variant.fold(variant.event(e.type, e.data) for e in stored) == state, "the whole log folds to it"
    blob = saved.get(keys.snap(game_id))
    snapped = snapshot_state(blob)
    if _format(blob) == variant.snapshot[0](state)["format"]:
        assert snapped is not None, "the snapshot it kept is still read"
        assert snapped == variant.fold(variant.event(e.type, e.data) for e in stored[:snapped.version])
    else:  # the state's shape changed since (Gin's hand record, format 2): the snapshot is refused, the log read
        assert _format(blob) < variant.snapshot[0](state)["format"] and snapped is None


def _format(blob) -> int:
    """The format a stored snapshot (compressed or plain JSON) was written in."""
    return json.loads(zlib.decompress(blob) if blob.startswith(b"\x78") else blob)["format"]


@pytest.mark.parametrize("game_id, game", GAMES, ids=[f"{g['variant']}-{g['kind']}" for _, g in GAMES])
def test_a_stored_game_plays_on_to_its_end(redis_server, saved, tmp_path, game_id, game):
    services, clock = _services(redis_server, saved, tmp_path, game)
    before = services.recorder.version(game_id)
    if game["kind"] == "finished":
        with pytest.raises(GameOver):
            services.commands.handle(game_id, EndGame("abandoned"), "sys")
        assert services.recorder.version(game_id) == before
        return
    rng = random.Random(game_id)
    for _ in range(5000):
        loaded = services.repository.load(game_id)
        state = loaded.state
        if state.status == "finished":
            break
        seat = state.turn_seat
        if human_to_move(state) is None:
            bots = random.Random(f"{game_id}:{state.version}")
            services.commands.play_turn(game_id, loaded, lambda s, r=bots: bot_move(s, r), f"b{seat}")
        elif state.deadline and rng.random() < 0.2:
            clock.moment = parse(state.deadline) + timedelta(seconds=1)
            services.commands.handle(game_id, TimeOut(state.deadline), "to", expected=state.version)
        else:
            command = rng.choice(registry.of(state).legal_actions(state, seat))
            services.commands.handle(game_id, command, f"s{seat}", expected=state.version)
    assert state.status == "finished"
    stored = services.recorder.read(game_id)
    assert [e.version for e in stored] == list(range(1, len(stored) + 1))
    assert services.recorder.verify(game_id) == []
    assert len(stored) > before
    variant = registry.named(game["variant"])
    events = [variant.event(e.type, e.data) for e in stored]
    assert variant.fold(events) == state
    whole = Game(variant, [Step(variant.initial, None, "", START, events, state)], None, False)
    every_card_in_exactly_one_place(whole)  # the conformance suite's invariants, over old entries and new
    totals_are_the_hands(whole)


@pytest.mark.parametrize("game_id, game", GAMES, ids=[f"{g['variant']}-{g['kind']}" for _, g in GAMES])
def test_a_stored_game_is_served_over_http_and_its_people_play_on(redis_server, saved, tmp_path, game_id, game):
    """The same saved keys behind today's API: the table, the log and the audit
    of each game are served, and an unfinished game's people play it to its end
    with the seat tokens they were given then (its bots' turns played as their
    jobs play them)."""
    from service.http.app import create_app
    from tests.api_client import ApiClient

    clock = Clock(datetime.fromisoformat(game["at"]))
    app = create_app(Config(redis_url=redis_server.url, admin_token=LOGS.get("admin", "admin-fixture-token-0123456789"),
                            data_dir=str(tmp_path)), store_redis=saved, clock=clock, jobs=False)
    client = ApiClient(app.test_client())
    services = app.extensions["iceberg"]
    try:
        table = client.get(f"/games/{game_id}")
        assert table.status_code == 200 and table.get_json()["version"] == game["expect"]["version"]
        assert table.get_json()["variant"] == game["variant"]
        assert client.get(f"/games/{game_id}/events").status_code == 200
        tokens = {int(seat): token for seat, token in game["tokens"].items()}
        for seat, token in tokens.items():
            assert client.get(f"/games/{game_id}/view", token).get_json()["seat"] == seat
        for _ in range(5000):
            state = services.repository.load(game_id).state
            if state.status == "finished":
                break
            seat = state.turn_seat
            if human_to_move(state) is None:
                bots = random.Random(f"{game_id}:{state.version}")
                services.commands.play_turn(game_id, services.repository.load(game_id),
                                            lambda s, r=bots: bot_move(s, r), f"b{seat}")
                continue
            view = client.get(f"/games/{game_id}/view", tokens[seat]).get_json()
            answer = client.act(game_id, tokens[seat], view["actions"][0])
            assert answer.status_code == 201, answer.get_json()
        assert state.status == "finished"
        assert client.get(f"/games/{game_id}").get_json()["status"] == "finished"
        assert client.get(f"/games/{game_id}/export").status_code == 200
    finally:
        services.hub.close()

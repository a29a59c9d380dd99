"""Helpers for the audit tests (docs/audit.md): an app whose signing key lives in
the test's own data directory, games played to their end through the
application service as the workers play them, and an outsider's own
recomputation of an event's hash from what the API shows."""

import hashlib
import json
import random
from dataclasses import replace
from datetime import datetime, timedelta, timezone

from domain import registry
from domain.deadlines import human_to_move
from domain.engine import bot_move
from domain.kernel.turns import TimeOut, parse
from service.http.app import create_app
from tests.api_client import ApiClient

START = datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc)


class Clock:
    """The app's clock: moves a millisecond a reading, and jumps when told."""

    def __init__(self, moment=START):
        self.moment = moment

    def __call__(self):
        self.moment += timedelta(milliseconds=1)
        return self.moment


def audit_app(config, data_dir, clock=None):
    """The app on `config`, its data directory (the signing key) a test's own."""
    app = create_app(replace(config, data_dir=str(data_dir)), clock=clock, jobs=False)
    app.testing = True
    return app


def client_of(app) -> ApiClient:
    return ApiClient(app.test_client())


def play_out(app, game_id: str, clock: Clock | None = None, seed: int = 1, late=(), limit: int = 2000):
    """Play the game to its end as the server would: bots through play_turn
    (as their jobs do), people by a legal action of theirs (seeded); the
    people's turns numbered in `late` (from 0, counting turns begun) are left to
    time out, and TimeOut applies the deadline as its job does."""
    svc = app.extensions["iceberg"]
    rng = random.Random(seed)
    turns, deadline = -1, None
    for _ in range(limit):
        loaded = svc.repository.load(game_id)
        state = loaded.state
        if state.status == "finished":
            return state
        seat = state.turn_seat
        if state.deadline != deadline:
            turns, deadline = turns + 1, state.deadline
        if human_to_move(state) is None:
            bots = random.Random(f"{seed}:{state.version}")
            svc.commands.play_turn(game_id, loaded, lambda s, rng=bots: bot_move(s, rng), f"b{seat}")
        elif state.deadline and turns in late:
            clock.moment = parse(state.deadline) + timedelta(seconds=1)
            svc.commands.handle(game_id, TimeOut(state.deadline), "to", expected=state.version)
        else:
            command = rng.choice(registry.of(state).legal_actions(state, seat))
            svc.commands.handle(game_id, command, f"s{seat}", expected=state.version)
    raise AssertionError(f"{game_id} did not end in {limit} moves")


def with_secret(app, tip: str) -> str:
    """A commitment offered as POST /commitments offers one, to a secret of the
    test's choosing (so the decks are known in advance): its commitment."""
    from domain.kernel.shuffle import commitment_of
    from service.store import keys

    commitment = commitment_of(tip)
    app.extensions["iceberg"].recorder.redis.set(keys.offered_deals(commitment), tip, ex=3600)
    return commitment


def export_of(client: ApiClient, game_id: str) -> dict:
    response = client.get(f"/games/{game_id}/export")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def trusted_keys(client: ApiClient) -> dict:
    """The keys the server publishes, as `verify` takes them: {key id: public key}."""
    return {k["kid"]: k["public"] for k in client.get("/.well-known/iceberg-keys").get_json()["keys"]}


def outsiders_hash(event: dict, hand, forms: dict) -> str:
    """An event's hash rebuilt from what the API shows and the documented
    canonical form alone (docs/audit.md, "The chain"), with nothing of ours."""
    form = forms[event["type"]]
    values = [",".join(event["data"][f]) if f in form["joined"] else event["data"][f] for f in form["fields"]]
    at = datetime.fromisoformat(event["at"].replace("Z", "+00:00"))
    ms = (at - datetime(1970, 1, 1, tzinfo=timezone.utc)) // timedelta(milliseconds=1)
    entry = json.dumps([form["code"], form["version"], ms, event["actor"], hand, values],
                       separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(bytes.fromhex(event["prev"]) + entry).hexdigest()

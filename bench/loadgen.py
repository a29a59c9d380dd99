"""Load generation for the HTTP benchmarks: clients that play real games (or
call the no-op endpoint) against `iceberg serve` on loopback.

Each client holds one keep-alive connection and plays its own two-player games,
both seats (pick up, draw, meld, discard), tracking its hands from the responses,
so a game action costs one request. `run` starts a redis-server with the given
appendfsync and `iceberg serve` on it, drives it and returns the latencies and
the Redis commands seen during the game phase.
"""

import http.client
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from domain.iceberg.actions import new_melds
from service.runtime.redis_server import RedisServer, free_port
from service.wiring import connect

SERVER = "server (gunicorn, worker)"  # the CPU group of `iceberg serve`'s children


class Client:
    """One keep-alive connection playing one game at a time, both seats."""

    def __init__(self, port, seed):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.rng = random.Random(seed)
        self.game = None

    def send(self, method, path, body=None, headers=None) -> tuple[int, bytes]:
        """One request; a keep-alive connection the server closed is reopened once."""
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                response = self.conn.getresponse()
                return response.status, response.read()
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        status, data = self.send(method, path, json.dumps(body) if body is not None else None, headers)
        return status, json.loads(data)

    def new_game(self):
        _, created = self.call("POST", "/games", {"players": [{"name": "A"}, {"name": "B"}]})
        self.game = created["id"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.sync()

    def sync(self):
        """Both seats' hands and the turn, from their views (after a deal)."""
        self.hands = {}
        for seat, token in enumerate(self.tokens):
            _, view = self.call("GET", f"/games/{self.game}/view", token=token)
            self.hands[seat] = list(view["hand"])
            self.turn, self.status = view["turn"], view["status"]

    def next_action(self):
        seat, phase = self.turn["seat"], self.turn["phase"]
        if phase in ("pickup", "draw"):
            return seat, {"type": phase}
        melds = new_melds(tuple(self.hands[seat]))
        if melds and len(melds[0]) < len(self.hands[seat]):
            return seat, {"type": "meld", "cards": list(melds[0])}
        return seat, {"type": "discard", "card": self.rng.choice(self.hands[seat])}

    def act(self):
        """One game action; its latency in seconds."""
        if self.game is None or self.status == "finished":
            self.new_game()
        seat, action = self.next_action()
        start = time.perf_counter()
        status, body = self.call("POST", f"/games/{self.game}/actions", action, self.tokens[seat])
        elapsed = time.perf_counter() - start
        if status != 201:
            self.sync()
            return None
        self.follow(seat, action, body["events"])
        return elapsed

    def follow(self, seat, action, events):
        hand = self.hands[seat]
        for e in events:
            kind, data = e["type"], e["data"]
            if kind in ("CardPickedUp", "CardDrawn"):
                hand.append(data["card"])
            elif kind == "AceRevealed":
                hand.remove(data["card"])
            elif kind == "MeldLaid":
                for card in data["cards"]:
                    hand.remove(card)
            elif kind == "CardDiscarded":
                hand.remove(data["card"])
                self.turn = {"seat": (seat + 1) % 2, "phase": "pickup"}
            elif kind in ("HandStarted", "GameEnded"):
                self.sync()
                return
        if action["type"] in ("pickup", "draw"):
            self.turn = {"seat": seat, "phase": "draw" if action["type"] == "pickup" else "play"}

    def noop(self):
        start = time.perf_counter()
        self.send("GET", "/livez")
        return time.perf_counter() - start


def client_process(port, threads, seconds, phase_starts, seed, out):
    results = {phase: [] for phase in phase_starts}
    lock = threading.Lock()

    def run(index):
        client = Client(port, seed * 100 + index)
        client.new_game()
        for phase, method in (("game", client.act), ("noop", client.noop)):
            if phase not in phase_starts:
                continue
            start = phase_starts[phase]
            while time.time() < start:
                time.sleep(0.001)
            mine = []
            while time.time() < start + seconds:
                latency = method()
                if latency is not None:
                    mine.append(latency)
            with lock:
                results[phase] += mine

    workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    out.put(results)


def commands(redis) -> dict[str, int]:
    return {name: v["calls"] for name, v in redis.info("commandstats").items()}


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def _descendants(pid: int) -> list[int]:
    children = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo += children.get(p, [])
    return found


def cpu_seconds(pids) -> float:
    """User + system CPU of these processes so far (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


@dataclass
class Served:
    """A running `iceberg serve` on loopback: its port, a client of its Redis,
    and the process ids whose CPU counts as the server's and as Redis's."""

    port: int
    redis: object
    groups: dict[str, list[int]]


@contextmanager
def serving(appendfsync="always", workers=None, threads=None, iceberg=None):
    """A fresh `iceberg serve` (this checkout's, or the `iceberg` executable
    given: another release's) on a redis-server of its own, stopped on exit."""
    with tempfile.TemporaryDirectory() as data, RedisServer(data, appendfsync=appendfsync) as redis_server:
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        env["ICEBERG_REDIS_URL"] = redis_server.url
        env["ICEBERG_RATE_LIMITS"] = "off"  # one address plays thousands of actions a second here
        env.update(ICEBERG_CLIENT_CONNECTIONS="0", ICEBERG_CLIENT_REQUESTS="0",  # and holds many connections,
                   ICEBERG_CLIENT_CONNECTION_RATE="0")  # opened at once
        extra = (["--workers", str(workers)] if workers else []) + (["--threads", str(threads)] if threads else [])
        executable = iceberg or str(Path(sys.executable).parent / "iceberg")
        env["ICEBERG_DATA_DIR"] = data
        # run from the temporary directory: from this checkout, `python -m gunicorn`
        # of another release's virtualenv would import this checkout's `service`
        serve = subprocess.Popen([executable, "serve", "--port", str(port), *extra],
                                 env=env, cwd=data, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True)
        try:
            _wait_up(port)
            groups = {SERVER: [p for p in _descendants(serve.pid) if p != serve.pid],
                      "redis": [redis_server.process.pid]}
            yield Served(port, connect(redis_server.url), groups)
        finally:
            os.killpg(serve.pid, signal.SIGTERM)
            serve.wait(timeout=60)


def run(clients=16, processes=4, seconds=10.0, appendfsync="always", workers=None, threads=None,
        phases=("game", "noop"), iceberg=None) -> dict:
    """Drive a fresh `iceberg serve` (see `serving`) from CLIENTS Python clients;
    latencies per phase, CPU per process group and phase, Redis commands."""
    with serving(appendfsync, workers, threads, iceberg) as served:
        warmup = 3.0
        starts, at = {}, time.time() + warmup
        for phase in phases:
            starts[phase] = at
            at += seconds + 1.0
        out = multiprocessing.Queue()
        per = [clients // processes + (i < clients % processes) for i in range(processes)]
        procs = [multiprocessing.Process(target=client_process, args=(served.port, n, seconds, starts, i + 1, out))
                 for i, n in enumerate(per)]
        for p in procs:
            p.start()
        during, cpu = {}, {}
        groups = {**served.groups, "clients": [p.pid for p in procs]}
        for phase in phases:
            time.sleep(max(0.0, starts[phase] - time.time()))
            before, spent = commands(served.redis), {g: cpu_seconds(pids) for g, pids in groups.items()}
            time.sleep(seconds)
            cpu[phase] = {g: cpu_seconds(pids) - spent[g] for g, pids in groups.items()}
            if phase == "game":
                after = commands(served.redis)
                during = {k: after[k] - before.get(k, 0) for k in after if after[k] - before.get(k, 0)}
        results = {phase: [] for phase in phases}
        for _ in procs:
            part = out.get()
            for k in results:
                results[k] += part[k]
        for p in procs:
            p.join()
    return {"latencies": results, "commands": during, "seconds": seconds, "cpu": cpu}


def _wait_up(port) -> None:
    for _ in range(300):
        try:
            Client(port, 0).noop()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("iceberg serve did not come up")

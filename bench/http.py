"""HTTP throughput and latency of `iceberg serve`, game actions against a no-op.

    python bench/http.py [--clients 16] [--seconds 10] [--processes 4]

Starts a redis-server with the production settings (AOF, appendfsync always)
and `iceberg serve` on it, then drives the server from CLIENTS concurrent
clients on loopback (spread over PROCESSES processes, keep-alive connections):
first each client plays its own two-player games (pick up, draw, meld, discard,
tracking its hands from the responses) for SECONDS, then the same clients call
the no-op endpoint GET /livez for SECONDS. Prints, one figure a line, the
actions per second with p50/p99 latency, the same for the no-op, their ratio,
and Redis commands per action from INFO commandstats deltas.
"""

import sys
from pathlib import Path

# This file is named http.py (as the issue asks): drop its own folder from the
# path, or it would stand in for the standard library's http package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import multiprocessing  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domain.actions import new_melds  # noqa: E402
from domain.cards import is_ace  # noqa: E402
from service.app import connect  # noqa: E402
from service.redis_server import RedisServer, free_port  # noqa: E402


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
    results = {"game": [], "noop": []}
    lock = threading.Lock()

    def run(index):
        client = Client(port, seed * 100 + index)
        client.new_game()
        for phase, method in (("game", client.act), ("noop", client.noop)):
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--appendfsync", default="always")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn processes (serve's default if unset)")
    parser.add_argument("--threads", type=int, default=None, help="threads per gunicorn process")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, RedisServer(data, appendfsync=args.appendfsync) as redis_server:
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        env["ICEBERG_REDIS_URL"] = redis_server.url
        extra = (["--workers", str(args.workers)] if args.workers else []) + \
                (["--threads", str(args.threads)] if args.threads else [])
        serve = subprocess.Popen([str(Path(sys.executable).parent / "iceberg"), "serve", "--port", str(port), *extra],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True)
        try:
            probe = Client(port, 0)
            for _ in range(200):
                try:
                    probe.noop()
                    break
                except OSError:
                    time.sleep(0.1)
                    probe = Client(port, 0)
            redis = connect(redis_server.url)
            warmup = 3.0
            game_start = time.time() + warmup
            noop_start = game_start + args.seconds + 1.0
            out = multiprocessing.Queue()
            per = [args.clients // args.processes + (i < args.clients % args.processes) for i in range(args.processes)]
            procs = [multiprocessing.Process(target=client_process,
                                             args=(port, n, args.seconds, {"game": game_start, "noop": noop_start},
                                                   i + 1, out)) for i, n in enumerate(per)]
            for p in procs:
                p.start()
            time.sleep(max(0.0, game_start - time.time()))
            before = commands(redis)
            time.sleep(args.seconds)
            after = commands(redis)
            during = {k: after[k] - before.get(k, 0) for k in after if after[k] - before.get(k, 0)}
            results = {"game": [], "noop": []}
            for _ in procs:
                part = out.get()
                for k in results:
                    results[k] += part[k]
            for p in procs:
                p.join()
        finally:
            os.killpg(serve.pid, signal.SIGTERM)
            serve.wait(timeout=60)
    game, noop = results["game"], results["noop"]
    game_rate, noop_rate = len(game) / args.seconds, len(noop) / args.seconds
    print(f"clients: {args.clients} on loopback, {args.seconds:g} s per phase, appendfsync {args.appendfsync}")
    print(f"game actions/s: {game_rate:,.0f}")
    print(f"game action latency p50: {pct(game, 0.50):.1f} ms")
    print(f"game action latency p99: {pct(game, 0.99):.1f} ms")
    print(f"no-op requests/s: {noop_rate:,.0f}")
    print(f"no-op latency p50: {pct(noop, 0.50):.1f} ms")
    print(f"no-op latency p99: {pct(noop, 0.99):.1f} ms")
    print(f"ratio game/no-op: {game_rate / noop_rate:.2f} (target >= 0.50)")
    total = sum(during.values())
    print(f"redis commands per action: {total / max(1, len(game)):.2f} (all commands during the game phase)")
    top = sorted(during.items(), key=lambda kv: -kv[1])[:8]
    print("  of which: " + ", ".join(f"{k.replace('cmdstat_', '')} {v / max(1, len(game)):.2f}" for k, v in top))


if __name__ == "__main__":
    main()

"""Thousands of waiting clients against one `iceberg serve` with its defaults.

    python -m bench.waiters [--waiters 2000] [--games 20] [--seconds 20]

Starts `iceberg serve` (gevent workers, embedded Redis) on loopback, creates
GAMES two-player games, and measures, first with nobody waiting, then with
WAITERS clients parked on those games (half long-polls `GET /events?wait=30`,
half event streams `GET /stream`), for SECONDS each:

- /healthz latency (p50, p99), probed every 50 ms;
- game action latency (p50, p99), one action every 20 ms, round-robin over
  the games;
- with waiters: the delay from sending each action to each waiter of its game
  receiving the event (p50, p99, max), and how many deliveries arrived;
- the embedded Redis's client connections, idle and with every waiter parked.

Clients are asyncio connections on loopback only: the waiting ones in a child
process, the probes and actions in this one (so that neither measures the
other's event loop); the run stops by itself.
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from service.runtime.redis_server import free_port
from service.wiring import connect


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else float("nan")


async def request(port, method, path, body=None, token=None):
    """One HTTP/1.1 request on its own connection: (status, parsed JSON or None)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode() if body is not None else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    raw = await reader.read()
    writer.close()
    status = int(raw.split(b" ", 2)[1])
    payload = raw.split(b"\r\n\r\n", 1)[1]
    try:
        return status, json.loads(payload) if payload else None
    except ValueError:
        return status, None


class Game:
    def __init__(self, game_id, tokens):
        self.id, self.tokens = game_id, tokens
        self.sent: dict[int, float] = {}  # version -> when the action that appended it was sent


async def play_one(port, game: Game, rng) -> float:
    """One action of whoever is to move; its latency in seconds."""
    _, table = await request(port, "GET", f"/games/{game.id}")
    seat = table["turn"]["seat"]
    _, view = await request(port, "GET", f"/games/{game.id}/view", token=game.tokens[seat])
    action = rng.choice(view["actions"])
    started = time.monotonic()
    game.sent[table["version"] + 1] = started
    status, _ = await request(port, "POST", f"/games/{game.id}/actions", action, game.tokens[seat])
    assert status == 201, status
    return time.monotonic() - started


async def long_poller(port, game_id: str, after: int, received, stop):
    while not stop.is_set():
        status, page = await request(port, "GET", f"/games/{game_id}/events?after={after}&wait=30")
        now = time.monotonic()
        for event in (page or {}).get("events", []):
            received.append((game_id, event["version"], now))
            after = max(after, event["version"])


async def streamer(port, game_id: str, after: int, received, stop, connected, reconnects):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /games/{game_id}/stream?after={after} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    await writer.drain()
    connected.append(1)
    try:
        while not stop.is_set():
            try:
                line = await asyncio.wait_for(reader.readline(), timeout=1)
            except asyncio.TimeoutError:
                continue  # a quiet stream: look at `stop`, keep waiting
            if not line:
                raise ConnectionError("the stream ended")
            match = re.match(rb"id: (\d+)", line)
            if match:
                after = int(match.group(1))
                received.append((game_id, after, time.monotonic()))
    except ConnectionError:
        if not stop.is_set():
            reconnects.append(1)
            return await streamer(port, game_id, after, received, stop, connected, reconnects)
    finally:
        writer.close()


def waiting_clients(port, parked, pipe) -> None:
    """The waiting clients, in a process of their own: the driver's probes and
    actions must not queue behind this event loop's thousands of deliveries
    (CLOCK_MONOTONIC is one clock for both processes, so delays still add up)."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)

    async def main():
        stop, connected, reconnects, received = asyncio.Event(), [], [], []
        tasks = [asyncio.create_task(long_poller(port, game_id, after, received, stop)) if i % 2 == 0 else
                 asyncio.create_task(streamer(port, game_id, after, received, stop, connected, reconnects))
                 for i, (game_id, after) in enumerate(parked)]
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)  # "stop"
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        pipe.send({"received": received, "streams": len(connected) - len(reconnects), "reconnects": len(reconnects)})

    asyncio.run(main())


async def phase(port, games, seconds, rng) -> dict:
    """Probe /healthz and play actions for `seconds`."""
    health, actions = [], []
    stop = time.monotonic() + seconds

    async def probe():
        while time.monotonic() < stop:
            started = time.monotonic()
            status, _ = await request(port, "GET", "/healthz")
            assert status == 200
            health.append(time.monotonic() - started)
            await asyncio.sleep(0.05)

    async def drive():
        turn = 0
        while time.monotonic() < stop:
            actions.append(await play_one(port, games[turn % len(games)], rng))
            turn += 1
            await asyncio.sleep(0.02)

    await asyncio.gather(probe(), drive())
    return {"health": health, "actions": actions}


def redis_clients(port, password: str) -> int:
    return len(connect(f"redis://:{password}@127.0.0.1:{port}/0").client_list())


async def run(args, port, redis_port, password) -> None:
    rng = random.Random(1)
    games = []
    for i in range(args.games):
        status, created = await request(port, "POST", "/games", {"players": [{"name": f"A{i}"}, {"name": f"B{i}"}]})
        assert status == 201, created
        games.append(Game(created["id"], [s["token"] for s in created["seats"]]))
    idle = await phase(port, games, args.seconds, rng)
    idle_clients = redis_clients(redis_port, password)
    parked = []
    for i in range(args.waiters):
        game = games[i % len(games)]
        _, table = await request(port, "GET", f"/games/{game.id}")
        parked.append((game.id, table["version"]))
    spawn = multiprocessing.get_context("spawn")  # not a fork of this process's running event loop
    ours, theirs = spawn.Pipe()
    clients = spawn.Process(target=waiting_clients, args=(port, parked, theirs))
    clients.start()
    await asyncio.sleep(3)  # every waiter parked
    parked_clients = redis_clients(redis_port, password)
    loaded = await phase(port, games, args.seconds, rng)
    await asyncio.sleep(1.5)  # the last deliveries
    ours.send("stop")
    outcome = await asyncio.get_running_loop().run_in_executor(None, ours.recv)
    clients.join(timeout=30)
    sent = {(g.id, version): at for g in games for version, at in g.sent.items()}
    delays = [at - sent[(game_id, version)] for game_id, version, at in outcome["received"]
              if (game_id, version) in sent]
    appended = sum(len(g.sent) for g in games)
    print(f"waiters: {args.waiters} ({args.waiters // 2} long-polls, {outcome['streams']} streams,"
          f" {outcome['reconnects']} stream reconnections) on {args.games} games, in a client process of their own")
    for name, result in (("idle", idle), ("with waiters", loaded)):
        print(f"{name:>13}: /healthz p50 {pct(result['health'], .5):6.1f} ms  p99 {pct(result['health'], .99):6.1f} ms"
              f" | action p50 {pct(result['actions'], .5):6.1f} ms  p99 {pct(result['actions'], .99):6.1f} ms"
              f" ({len(result['actions'])} actions)")
    ratio = pct(loaded["actions"], .99) / pct(idle["actions"], .99)
    print(f"action p99 with waiters / idle: {ratio:.2f} (target <= 2)")
    print(f"deliveries: {len(delays):,} events received by waiters ({appended:,} actions sent in all)")
    if delays:
        print(f"delivery delay from sending the action: p50 {pct(delays, .5):.0f} ms, p99 {pct(delays, .99):.0f} ms,"
              f" max {max(delays) * 1000:.0f} ms (target < 1000)")
        print(f"deliveries later than 1 s: {sum(d > 1 for d in delays)}")
    print(f"embedded Redis client connections: {idle_clients} idle, {parked_clients} with every waiter parked")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--waiters", type=int, default=2000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        log = Path(data) / "serve.log"
        # the defaults, but for the limits per client: every client here is one loopback address
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        env.update(ICEBERG_RATE_LIMITS="off", ICEBERG_CLIENT_CONNECTIONS="0", ICEBERG_CLIENT_REQUESTS="0",
                   ICEBERG_CLIENT_CONNECTION_RATE="0")
        with open(log, "w") as out:
            serve = subprocess.Popen([str(Path(sys.executable).parent / "iceberg"), "serve", "--port", str(port)],
                                     cwd=data, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            redis_port = _wait_ready(port, log)
            password = (Path(data) / ".iceberg" / "redis.password").read_text().strip()
            asyncio.run(run(args, port, redis_port, password))
        finally:
            serve.terminate()
            serve.wait(timeout=30)


def _wait_ready(port, log: Path) -> int:
    """The embedded Redis's port, once the API answers."""
    import urllib.request

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                break
        except OSError:
            time.sleep(0.2)
    match = re.search(r"embedded redis-server on 127\.0\.0\.1:(\d+)", log.read_text())
    assert match, log.read_text()[-2000:]
    return int(match.group(1))


if __name__ == "__main__":
    main()

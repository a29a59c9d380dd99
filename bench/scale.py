"""A deployment that grows for years (issue 30): what a game costs in Redis
before and after it is archived, a restart with thousands of archived games,
the queue under 200 all-bot games, and a player's inbox of 500 games.

    python -m bench.scale memory  [--games 20]     bytes per finished one-hand game, before and after archiving
    python -m bench.scale restart [--archived 10000]  iceberg serve to /healthz: empty, and with N archived games
    python -m bench.scale queue   [--games 200]     200 all-bot games with ICEBERG_REPAIR_S=2 under iceberg serve
    python -m bench.scale rtt     [--games 10]      Redis round trips per bot turn (RQ's bookkeeping and all)
    python -m bench.scale inbox   [--games 500]     GET /me/games for a player in 500 games and one in 5

Sizes are exact; times are rough on a shared machine. Each part runs in well
under two minutes, on loopback, with a Redis of its own.
"""

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bench.scale_world import BOTS, InProcess, game_bytes

# --- memory ------------------------------------------------------------------------------------------

def memory(args) -> None:
    with tempfile.TemporaryDirectory() as data:
        world = InProcess(data)
        try:
            redis = world.redis
            base = redis.info("memory")["used_memory"]
            ids = world.play(args.games)
            played = {g: sum(game_bytes(redis, g).values()) for g in ids}
            world.seal()
            grown = redis.info("memory")["used_memory"] - base
            sizes = {g: game_bytes(redis, g) for g in ids}
            events = {g: world.svc.repository.load(g).state.version for g in ids}  # brings each back: measured first
            shared = _shared_bytes(redis)
            totals = [sum(s.values()) for s in sizes.values()]
            by_key = Counter()
            for s in sizes.values():
                by_key.update(s)
            print(f"{args.games} finished one-hand games of three bots, {sum(events.values())} events "
                  f"({min(events.values())} to {max(events.values())} a game)")
            print(f"as they end, the minute before they are sealed (log, snapshot, summary, name, meta; replays only "
                  f"once asked for), and for ten minutes after a read brings a sealed game back: mean "
                  f"{statistics.mean(played.values()):,.0f} B, max {max(played.values()):,} B")
            print("sealed a minute after their end, their own keys, bytes a game (mean): " + ", ".join(
                f"{k} {v / len(ids):,.0f}" for k, v in by_key.most_common()))
            print(f"a game's own keys: mean {statistics.mean(totals):,.0f} B, max {max(totals):,} B "
                  f"({sum(totals) / sum(events.values()):.0f} B an event)")
            print(f"plus its entries in shared keys (history indexes, due/finished indexes, deals' secrets, "
                  f"creators): {shared / len(ids):,.0f} B a game")
            print(f"used_memory grew {grown / len(ids):,.0f} B a game (allocator and RQ's leftovers included)")
            later = int((datetime.now(timezone.utc) + timedelta(days=8)).timestamp() * 1000)
            before = redis.info("memory")["used_memory"]
            archived = world.svc.archiver.archive_due(later, limit=10_000)
            left = [sum(game_bytes(redis, g).values()) for g in ids]
            freed = before - redis.info("memory")["used_memory"]
            entry = (redis.memory_usage("iceberg:archived", samples=0) or 0) / len(ids)
            files = [world.svc.archiver.archive.path(g).stat().st_size for g in ids]
            print(f"archived {archived} (ICEBERG_ARCHIVE_AFTER_DAYS=7, the clock 8 days on): own keys left "
                  f"{max(left)} B; iceberg:archived {entry:,.0f} B a game; used_memory fell {freed / len(ids):,.0f} B "
                  f"a game; after: {entry + _shared_bytes(redis) / len(ids):,.0f} B a game with the shared indexes")
            print(f"archive documents: mean {statistics.mean(files):,.0f} B, max {max(files):,} B (gzip JSON)")
            _every_archived_game_served(world, ids)
        finally:
            world.close()


def _shared_bytes(redis) -> int:
    """What games add to keys outside any game: the indexes and the deals' secrets."""
    total = 0
    for pattern in ("iceberg:history:*", "iceberg:due", "iceberg:finished", "iceberg:deals:*", "iceberg:bot-games:*"):
        for key in redis.scan_iter(match=pattern):
            total += redis.memory_usage(key, samples=0) or 0
    return total


def _every_archived_game_served(world, ids) -> None:
    from projections.audit.verify import verify
    from service.app.signing import signature_holds

    for game in ids:
        for k in world.redis.scan_iter(match="{%s}:*" % game):
            world.redis.unlink(k)  # as an hour after it was last read
        export = world.client.get(f"/games/{game}/export").get_json()
        verify(export, signature_holds)
        assert world.client.get(f"/games/{game}/hands/0/replay").status_code in (200, 202)
    world.work()
    replays = [world.client.get(f"/games/{g}/hands/0/replay").status_code for g in ids]
    assert replays == [200] * len(ids), replays
    print(f"every archived game's export verifies ({len(ids)}) and its replay is served (built from the archive)")


# --- restart ---------------------------------------------------------------------------------------

def restart(args) -> None:
    """iceberg serve from start to /healthz, on an empty data directory and on one
    with N archived games (one real game's document under N ids, indexed as archived
    and in the history, as the archive leaves them)."""
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        world = InProcess(full)
        try:
            game = world.play(1)[0]
            world.svc.archiver.archive_due(int(time.time() * 1000) + 8 * 86_400_000)
            document = world.svc.archiver.archive.get(game)
            summary = world.redis.zrange("iceberg:history:all", 0, -1)[0].decode()
            pipe = world.redis.pipeline(transaction=False)
            for n in range(args.archived):
                copy = f"g_{n:016x}"
                path = world.svc.archiver.archive.path(copy)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(document)
                pipe.hset("iceberg:archived", copy, 1)
                member = summary.rsplit(":", 1)[0] + ":" + copy
                for facet in ("all", "status:finished", "variant:iceberg", "variant:iceberg:finished"):
                    pipe.zadd("iceberg:history:" + facet, {member: 0})
            pipe.execute()
            used = world.redis.info("memory")["used_memory"]
        finally:
            world.close()
        print(f"{args.archived} archived games: Redis used_memory {used / 1e6:.1f} MB "
              f"({used / args.archived:,.0f} B a game, the history's indexes included)")
        for name, data in (("empty", empty), (f"{args.archived} archived", full)):
            times = [_serve_to_healthz(data) for _ in range(3)]
            print(f"restart to /healthz, {name}: median {statistics.median(times):.2f} s ({', '.join(f'{t:.2f}' for t in times)})")


def _serve_to_healthz(data: str) -> float:
    from service.runtime.redis_server import free_port

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
    env.update(ICEBERG_DATA_DIR=data)
    started = time.perf_counter()
    serve = subprocess.Popen([str(Path(sys.executable).parent / "iceberg"), "serve", "--port", str(port)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - started
            except OSError:
                time.sleep(0.02)
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait(timeout=60)


# --- the queue ---------------------------------------------------------------------------------------

def queue(args) -> None:
    """200 all-bot one-hand games created at once under iceberg serve (its default
    game workers, ICEBERG_REPAIR_S=2): the queue sampled as they play."""
    import redis as redis_py

    from service.runtime.redis_server import free_port

    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
        env.update(ICEBERG_DATA_DIR=data, ICEBERG_REPAIR_S="2", ICEBERG_RATE_LIMITS="off", ICEBERG_CLIENT_CONNECTION_RATE="0",
                   ICEBERG_BOT_GAMES_PER_CREATOR="100000", ICEBERG_BOT_GAME_TURN_S="0")
        serve = subprocess.Popen([str(Path(sys.executable).parent / "iceberg"), "serve", "--port", str(port)],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(url)
            password = (Path(data) / "redis.password").read_text().strip()
            redis = redis_py.Redis(port=int((Path(data) / "redis.port").read_text()), password=password)
            started = time.perf_counter()
            with ThreadPoolExecutor(16) as pool:  # at once: 16 clients
                games = list(pool.map(lambda _: _call(url + "/games", {"players": BOTS, "rules": {"hands": 1}})["id"],
                                      range(args.games)))
            created = time.perf_counter() - started
            most, samples, longest = Counter(), 0, 0
            pending = set(games)
            while pending and time.perf_counter() - started < 300:
                queued = [i.decode() for q in ("iceberg", "bot-games") for i in redis.lrange(f"rq:queue:{q}", 0, -1)]
                longest = max(longest, len(queued))
                per_game = Counter(_game_purpose(i) for i in queued if i.startswith(("check-", "repair-", "bot-")))
                for (_game, purpose), n in per_game.items():
                    most[purpose] = max(most[purpose], n)
                samples += 1
                if samples % 5 == 0:  # settled: in the index of finished games (service/app/archiving.py)
                    pipe = redis.pipeline(transaction=False)
                    for g in pending:
                        pipe.zscore("iceberg:finished", g)
                    pending = {g for g, at in zip(pending, pipe.execute()) if at is None}
                    if samples % 50 == 0:
                        print(f"  {time.perf_counter() - started:.0f} s: {len(pending)} games left, "
                              f"{longest} jobs queued at most", file=sys.stderr)
                time.sleep(0.2)
            elapsed = time.perf_counter() - started
            jobs = sum(int(redis.hget(w, "successful_job_count") or 0) for w in redis.smembers("rq:workers"))
        finally:
            os.killpg(serve.pid, signal.SIGTERM)
            serve.wait(timeout=60)
    print(f"{args.games} all-bot one-hand games created at once in {created:.1f} s, ICEBERG_REPAIR_S=2, "
          f"{os.cpu_count()} CPUs (the default game workers: {max(2, os.cpu_count() or 1)})")
    print(f"all finished and settled: {'yes' if not pending else f'no, {len(pending)} left'} in {elapsed:.1f} s")
    print(f"the queue sampled {samples} times: at most {longest} jobs; the most queued jobs of one game for one "
          f"purpose: check {most['check']}, repair {most['repair']}, bot turn {most['bot']}")
    print(f"jobs run by the game workers: {jobs:,} ({jobs / elapsed:.0f} jobs/s)")


def _game_purpose(job_id: str) -> tuple[str, str]:
    purpose, rest = job_id.split("-", 1)
    return rest[:18], purpose


def _wait_healthy(url: str) -> None:
    for _ in range(300):
        try:
            _call(url + "/healthz")
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("iceberg serve did not come up")


def _call(url, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as response:
        return json.loads(response.read())


# --- round trips per bot turn ------------------------------------------------------------------------

def rtt(args) -> None:
    """The game worker in process on a counting connection: RQ's bookkeeping round
    trips per job, and every round trip (the job's own reads and appends too)."""
    from redis.connection import Connection

    counts = Counter()

    sent = Counter()

    class Counting(Connection):
        def send_packed_command(self, command, check_health=True):
            counts["rq"] += 1
            packed = b"".join(command) if isinstance(command, list) else command
            sent[b" ".join(w for w in packed.split(b"\r\n")[2:5:2])[:40]] += 1
            return super().send_packed_command(command, check_health)

    original = Connection.send_packed_command

    def everything(self, command, check_health=True):
        counts["all"] += 1
        return original(self, command, check_health)

    from service.app import metrics

    ran = Counter()
    real = metrics.job_ran

    def job_ran(queue_name, function, ok):
        ran[function] += 1
        return real(queue_name, function, ok)

    with tempfile.TemporaryDirectory() as data:
        world = InProcess(data, appendfsync=args.appendfsync, connection_class=Counting)
        try:
            from service.runtime import counting_worker

            counting_worker.job_ran = job_ran
            Connection.send_packed_command = everything
            started = time.perf_counter()
            world.play(args.games)
            elapsed = time.perf_counter() - started
        finally:
            Connection.send_packed_command = original
            world.close()
    jobs = sum(ran.values())
    bots = ran["workers.bots.play_bot_turn"]
    print(f"{args.games} all-bot one-hand games in process, appendfsync {args.appendfsync}: {jobs} jobs ({dict(ran)})")
    print(f"RQ's bookkeeping: {counts['rq'] / jobs:.1f} round trips a job (RQ 3.0 as it comes: 20.7)")
    if os.environ.get("BENCH_SHOW"):
        print(sent.most_common(20))
    print(f"every round trip, the games' own included: {counts['all'] / bots:.1f} a bot turn "
          f"({jobs / elapsed:.0f} jobs/s in one worker)")


# --- the inbox ---------------------------------------------------------------------------------------

def inbox(args) -> None:
    with tempfile.TemporaryDirectory() as data:
        world = InProcess(data)
        try:
            client = world.client
            results = {}
            for count in (5, args.games):
                player = client.post("/players", json={"name": f"P{count}"}).get_json()
                for n in range(count):
                    seats = [{"player": "me"}, {"name": "Bo"}] if n % 3 == 0 else [{"name": "Bo"}, {"player": "me"}]
                    rules = {"turn_timeout_s": 3600 + n} if n % 2 else {}
                    assert client.post("/games", token=player["token"], json={"players": seats, "rules": rules}) \
                        .status_code == 201
                times, cpu = [], []
                for _ in range(300):
                    wall0, cpu0 = time.perf_counter(), time.process_time()
                    answer = client.get("/me/games", token=player["token"])
                    times.append(time.perf_counter() - wall0)
                    cpu.append(time.process_time() - cpu0)
                    assert answer.status_code == 200
                times.sort(), cpu.sort()
                results[count] = (times, cpu, len(answer.get_json()["games"]))
            for count, (times, cpu, shown) in results.items():
                print(f"GET /me/games, a player in {count} games ({shown} on the page, the default limit): "
                      f"CPU p50 {cpu[len(cpu) // 2] * 1e3:.1f} ms, p99 {cpu[int(len(cpu) * 0.99)] * 1e3:.1f} ms; "
                      f"wall p50 {times[len(times) // 2] * 1e3:.1f} ms, p99 {times[int(len(times) * 0.99)] * 1e3:.1f} ms "
                      f"(in process, Redis on loopback; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
        finally:
            world.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="part", required=True)
    for name, default, flag in (("memory", 20, "--games"), ("restart", 10_000, "--archived"), ("queue", 200, "--games"),
                                ("rtt", 10, "--games"), ("inbox", 500, "--games")):
        part = sub.add_parser(name)
        part.add_argument(flag, type=int, default=default)
        if name == "rtt":
            part.add_argument("--appendfsync", default="always", choices=("always", "everysec"))
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.api_client
    print(f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} CPUs shared with other engineers' work")
    {"memory": memory, "restart": restart, "queue": queue, "rtt": rtt, "inbox": inbox}[args.part](args)


if __name__ == "__main__":
    main()

"""What idle games cost the workers: 10,000 games nobody plays, a game worker
and a notices worker running as `iceberg serve` runs them, and no traffic.

    python -m bench.sweep [--games 10000] [--seconds 30] [--turns 20]

Prints:
- the cost of one tick of the ticker with nothing due (it reads the due-time
  index; the old sweeper loaded every active game every 5 s);
- the AOF's growth and the writes Redis took while nobody played, measured
  over `--seconds` (appendfsync always, as `iceberg serve` runs it);
- a bot's reply time in one live game (a human action, then the greedy bot's
  whole turn), first with no other game, then among the idle ones.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from domain import registry
from domain.kernel.players import CreateGame, Player
from service.config import Config
from service.runtime.redis_server import RedisServer
from service.runtime.ticker import Ticker
from service.wiring import wire

ICEBERG = registry.named("iceberg")


def create_games(services, count: int, bots=(None, None)) -> list[str]:
    players = tuple(Player(f"P{i}", bot) for i, bot in enumerate(bots))
    games = [f"g_{os.urandom(8).hex()}" for _ in range(count)]

    def create(game_id):
        services.commands.create(game_id, ICEBERG, CreateGame(players, ICEBERG.rules({})))

    with ThreadPoolExecutor(8) as pool:  # concurrent appends share Redis's fsyncs
        list(pool.map(create, games))
    return games


def aof_bytes(data_dir: Path) -> int:
    return sum(f.stat().st_size for f in data_dir.rglob("*") if f.is_file() and "aof" in f.name)


def start_workers(url: str) -> list[subprocess.Popen]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
    env["ICEBERG_REDIS_URL"] = url
    return [subprocess.Popen([sys.executable, "-m", "service.runtime.cli", "worker", "--queues", queue], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for queue in ("iceberg", "notices")]


def tick_cost(services, ticks: int = 2000) -> float:
    ticker = Ticker(services, every_s=1)
    start = time.perf_counter()
    for _ in range(ticks):
        assert ticker.tick() == 0
    return (time.perf_counter() - start) / ticks


def bot_reply_times(services, turns: int) -> list[float]:
    """Seconds from a human's turn-ending action to the bot's turn being over."""
    (game,) = create_games(services, 1, bots=(None, "greedy"))
    times = []
    while len(times) < turns:
        state = services.repository.load(game).state
        if state.status == "finished":
            (game,) = create_games(services, 1, bots=(None, "greedy"))
            continue
        if state.turn_seat != 0:
            time.sleep(0.002)
            continue
        command = _ending_command(state)
        start = time.perf_counter()
        services.commands.handle(game, command, "s0")
        if type(command).__name__ != "Discard":
            continue  # the turn goes on: the bot has nothing to reply to yet
        while True:
            after = services.repository.load(game).state
            if after.turn_seat == 0 or after.status == "finished":
                break
            time.sleep(0.001)
        times.append(time.perf_counter() - start)
    return times


def _ending_command(state):
    """A discard when the human may make one (it ends the turn), else the first legal action."""
    legal = ICEBERG.legal_actions(state, 0)
    return next((c for c in legal if type(c).__name__ == "Discard"), legal[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, RedisServer(Path(tmp) / "redis", appendfsync="always") as server:
        services = wire(Config(redis_url=server.url))
        workers = start_workers(server.url)
        try:
            time.sleep(2)
            idle = bot_reply_times(services, args.turns)
            started = time.perf_counter()
            create_games(services, args.games)
            print(f"created {args.games:,} idle games in {time.perf_counter() - started:.1f} s; "
                  f"{services.due.count():,} in the due-time index")
            print(f"one tick with nothing due: {tick_cost(services) * 1e6:.0f} µs "
                  f"(a read of the index; it does not grow with the games)")
            time.sleep(3)  # let the workers settle
            redis = services.recorder.redis
            aof, writes = aof_bytes(Path(tmp) / "redis"), redis.info("persistence")["rdb_changes_since_last_save"]
            time.sleep(args.seconds)
            grown = aof_bytes(Path(tmp) / "redis") - aof
            wrote = redis.info("persistence")["rdb_changes_since_last_save"] - writes
            print(f"no traffic for {args.seconds:.0f} s with {args.games:,} idle games: the AOF grew by {grown:,} bytes, "
                  f"Redis took {wrote} writes")
            among = bot_reply_times(services, args.turns)
            for name, times in (("no other game", idle), (f"{args.games:,} idle games", among)):
                ms = sorted(t * 1000 for t in times)
                print(f"bot reply with {name}: median {statistics.median(ms):.1f} ms, "
                      f"max {ms[-1]:.1f} ms over {len(ms)} turns")
        finally:
            for worker in workers:
                worker.terminate()
            for worker in workers:
                worker.wait(timeout=20)
            services.hub.close()


if __name__ == "__main__":
    main()

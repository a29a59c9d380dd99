"""HTTP throughput and latency of `iceberg serve`: game actions against a no-op.

    python -m bench.http [--clients 16] [--seconds 10] [--processes 4]

Starts a redis-server with the production settings (AOF, appendfsync always)
and `iceberg serve` on it, then drives the server from CLIENTS concurrent
clients on loopback (spread over PROCESSES processes, keep-alive connections):
first each client plays its own two-player games (pick up, draw, meld, discard)
for SECONDS, then the same clients call the no-op endpoint GET /livez for
SECONDS. Prints, one figure a line, the actions per second with p50/p99
latency, the same for the no-op, their ratio, and Redis commands per action
from INFO commandstats deltas.
"""


import argparse

from bench.loadgen import run


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
    result = run(args.clients, args.processes, args.seconds, args.appendfsync, args.workers, args.threads)
    game, noop = result["latencies"]["game"], result["latencies"]["noop"]
    game_rate, noop_rate = len(game) / args.seconds, len(noop) / args.seconds
    during = result["commands"]
    scripts = during.get("cmdstat_evalsha", 0)
    print(f"clients: {args.clients} on loopback, {args.seconds:g} s per phase, appendfsync {args.appendfsync}")
    print(f"game actions/s: {game_rate:,.0f}")
    print(f"game action latency p50: {pct(game, 0.50):.1f} ms")
    print(f"game action latency p99: {pct(game, 0.99):.1f} ms")
    print(f"no-op requests/s: {noop_rate:,.0f}")
    print(f"no-op latency p50: {pct(noop, 0.50):.1f} ms")
    print(f"no-op latency p99: {pct(noop, 0.99):.1f} ms")
    print(f"ratio game/no-op: {game_rate / noop_rate:.2f} (target >= 0.50)")
    total = sum(during.values())
    print(f"redis commands per action: {total / max(1, len(game)):.2f} "
          f"(every command, those run inside Lua scripts included)")
    print(f"redis scripts (round trips) per action: {scripts / max(1, len(game)):.2f}")
    top = sorted(during.items(), key=lambda kv: -kv[1])[:8]
    print("  of which: " + ", ".join(f"{k.replace('cmdstat_', '')} {v / max(1, len(game)):.2f}" for k, v in top))
    for phase, count in (("game", len(game)), ("noop", len(noop))):
        spent = result["cpu"][phase]
        parts = ", ".join(f"{group} {seconds * 1000 / max(1, count):.2f}" for group, seconds in spent.items())
        print(f"CPU ms per {'action' if phase == 'game' else 'no-op'}: {sum(spent.values()) * 1000 / max(1, count):.2f} "
              f"({parts})")


if __name__ == "__main__":
    main()

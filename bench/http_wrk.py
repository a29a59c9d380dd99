"""HTTP throughput and latency of `iceberg serve` driven by `wrk`, a load
generator in C, beside the released server: the figures of bench/http_load.py
without the Python clients' cost on the same two cores.

    python -m bench.http_wrk [--connections 16] [--seconds 10] [--appendfsync always]
                             [--against fbf466b] [--rounds 2]

Needs `wrk` on the PATH (Debian's package `wrk`). For each server it starts a
redis-server with the production settings and `iceberg serve` on it, then runs
wrk with bench/http_wrk.lua: CONNECTIONS connections, one per wrk thread, each
playing its own two-player games (both seats, one request per game action, the
two views read after each deal). Then the same connections call GET /livez for
SECONDS. It prints game actions per second, the latency of all the game phase's
requests (game actions are over 90% of them; wrk does not time requests by
kind), the no-op's, and CPU per action by process group, medians of ROUNDS
alternating runs.
"""

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench.http_load import alternate, compared, comparison_options, print_medians
from bench.loadgen import SERVER, cpu_seconds, serving

SCRIPT = Path(__file__).with_name("http_wrk.lua")


def wrk(port: int, connections: int, seconds: float, mode: str, groups: dict) -> tuple[dict, dict]:
    """One wrk run; its counts, and CPU seconds per process group during it."""
    command = ["wrk", "-t", str(connections), "-c", str(connections), "-d", f"{seconds:g}s", "--timeout", "10s",
               "-s", str(SCRIPT), f"http://127.0.0.1:{port}", "--", mode]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    groups = {**groups, "wrk": [process.pid]}
    before = {g: cpu_seconds(pids) for g, pids in groups.items()}
    last = dict(before)
    while process.poll() is None:  # wrk's own CPU is readable only while it runs
        last = {g: cpu_seconds(pids) for g, pids in groups.items()}
        time.sleep(0.2)
    out = process.stdout.read()
    if process.returncode:
        sys.exit(f"wrk failed: {out}")
    counts = json.loads(out.strip().splitlines()[-1])
    spent = {g: (cpu_seconds(pids) if g != "wrk" else last[g]) - before[g] for g, pids in groups.items()}
    return counts, spent


def one_run(connections: int, seconds: float, iceberg: str | None, appendfsync: str = "always") -> dict:
    with serving(appendfsync, iceberg=iceberg) as served:
        wrk(served.port, connections, 2, "game", served.groups)  # warm up: caches, connections, scripts
        game, cpu = wrk(served.port, connections, seconds, "game", served.groups)
        noop, noop_cpu = wrk(served.port, connections, seconds, "noop", served.groups)
    actions, span = max(1, game["actions"]), game["duration_us"] / 1e6
    return {"actions/s": game["actions"] / span,
            "requests p50 ms": game["p50_us"] / 1000, "requests p99 ms": game["p99_us"] / 1000,
            "actions / requests": game["actions"] / max(1, game["requests"]),
            "refused actions": game["refused"],
            "no-op/s": noop["requests"] / (noop["duration_us"] / 1e6), "no-op p99 ms": noop["p99_us"] / 1000,
            "server CPU ms/action": cpu[SERVER] * 1000 / actions,
            "redis CPU ms/action": cpu["redis"] * 1000 / actions,
            "wrk CPU ms/action": cpu["wrk"] * 1000 / actions,
            "server CPU ms/no-op": noop_cpu[SERVER] * 1000 / max(1, noop["requests"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=int, default=16)
    comparison_options(parser)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is not on the PATH (Debian: apt-get install wrk)")
    runs = alternate(compared(args), args.rounds,
                     lambda executable: one_run(args.connections, args.seconds, executable, args.appendfsync))
    print(f"wrk, {args.connections} connections on loopback, {args.seconds:g} s per phase, "
          f"appendfsync {args.appendfsync}, medians of {args.rounds} alternating runs")
    print_medians(runs)

if __name__ == "__main__":
    main()

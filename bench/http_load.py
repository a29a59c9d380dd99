"""HTTP throughput and latency of `iceberg serve`: game actions, a no-op, and
the same against the released server, side by side.

    python -m bench.http_load [--clients 16] [--seconds 10] [--processes 4]
                              [--against fbf466b] [--rounds 2]

Starts a redis-server with the production settings (AOF, appendfsync always)
and `iceberg serve` on it, then drives the server from CLIENTS concurrent
clients on loopback (spread over PROCESSES processes, keep-alive connections):
first each client plays its own two-player games (pick up, draw, meld, discard)
for SECONDS, then the same clients call the no-op endpoint GET /livez for
SECONDS. With `--against REV` (default: fbf466b, the released server) it builds
that commit into a virtualenv of its own (kept under /tmp between runs) and
runs it the same way, alternating ROUNDS times, and prints both and their
ratios. Figures: actions per second with p50/p99 latency, the same for the
no-op, Redis commands per action, and CPU per action by process group.
"""

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

from bench.loadgen import SERVER, pct, run

ROOT = Path(__file__).resolve().parent.parent


def released(rev: str) -> str:
    """The `iceberg` executable of commit `rev`, installed once in /tmp/iceberg-<rev>."""
    home = Path(f"/tmp/iceberg-{rev}")
    executable = home / "venv" / "bin" / "iceberg"
    if executable.exists():
        return str(executable)
    (home / "src").mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(home / "src")], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
    subprocess.run([str(home / "venv" / "bin" / "pip"), "install", "-q", str(home / "src")], check=True)
    return str(executable)


def comparison_options(parser: argparse.ArgumentParser) -> None:
    """The options of both HTTP benchmarks: how long, how durable, against what, how often."""
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--appendfsync", default="always")
    parser.add_argument("--against", default="fbf466b", help="a commit to compare with ('' for none)")
    parser.add_argument("--rounds", type=int, default=2, help="alternating runs per server; medians are shown")


def compared(args) -> dict[str, str | None]:
    """This checkout ("new", None: its own `iceberg`) and the released server named by --against, if any."""
    return {"new": None} | ({args.against: released(args.against)} if args.against else {})


def figures(result: dict, seconds: float) -> dict:
    game, noop = result["latencies"]["game"], result["latencies"]["noop"]
    cpu = {phase: sum(spent.values()) for phase, spent in result["cpu"].items()}
    server = {phase: spent[SERVER] for phase, spent in result["cpu"].items()}
    return {"actions/s": len(game) / seconds, "action p50 ms": pct(game, 0.50), "action p99 ms": pct(game, 0.99),
            "no-op/s": len(noop) / seconds, "no-op p99 ms": pct(noop, 0.99),
            "CPU ms/action (all)": cpu["game"] * 1000 / max(1, len(game)),
            "server CPU ms/action": server["game"] * 1000 / max(1, len(game)),
            "redis CPU ms/action": result["cpu"]["game"]["redis"] * 1000 / max(1, len(game)),
            "redis commands/action": sum(result["commands"].values()) / max(1, len(game)),
            "top": sorted(((k.replace("cmdstat_", ""), v / max(1, len(game))) for k, v in result["commands"].items()),
                          key=lambda kv: -kv[1])[:8]}


def alternate(servers: dict, rounds: int, measure) -> dict[str, list[dict]]:
    """`measure(executable)` of each server (name -> executable), `rounds`
    times, alternating, so that drift on the machine hits both alike."""
    runs = {name: [] for name in servers}
    for _ in range(rounds):
        for name, executable in servers.items():
            runs[name].append(measure(executable))
    return runs


def print_medians(runs: dict[str, list[dict]]) -> None:
    """A table of each figure's median per server, and new/old when there are two."""
    names = list(runs)
    medians = {n: {k: statistics.median(r[k] for r in runs[n]) for k in runs[n][0] if k != "top"} for n in names}
    print(f"{'':28}" + "".join(f"{n:>14}" for n in names) + ("   new/old" if len(names) == 2 else ""))
    for key in medians[names[0]]:
        row = f"{key:28}" + "".join(f"{medians[n][key]:14,.2f}" for n in names)
        if len(names) == 2 and medians[names[1]][key]:
            row += f"   {medians[names[0]][key] / medians[names[1]][key]:.2f}"
        print(row)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--processes", type=int, default=4)
    comparison_options(parser)
    args = parser.parse_args()
    runs = alternate(compared(args), args.rounds, lambda executable: figures(
        run(args.clients, args.processes, args.seconds, args.appendfsync, iceberg=executable), args.seconds))
    print(f"clients: {args.clients} on loopback, {args.seconds:g} s per phase, appendfsync {args.appendfsync}, "
          f"medians of {args.rounds} alternating runs")
    print_medians(runs)
    for name, rs in runs.items():
        print(f"redis commands per action, {name} (last run): " + ", ".join(f"{k} {v:.2f}" for k, v in rs[-1]["top"]))


if __name__ == "__main__":
    main()

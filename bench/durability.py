"""The price of durability: acknowledged actions per second with
`appendfsync always` against `everysec`, under 16 concurrent clients.

    python -m bench.durability [--clients 16] [--seconds 10]

Runs the game phase of bench/http.py twice on fresh servers, once per setting.
With `always`, Redis fsyncs the AOF before it answers, once per pass of its
event loop: every write that arrived in that pass shares the fsync, so group
commit comes from concurrency, and an acknowledged action is on disk.
"""

import argparse
import statistics

from bench.loadgen import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per setting; medians are shown")
    args = parser.parse_args()
    runs = {"always": [], "everysec": []}
    for _ in range(args.rounds):  # alternate, so drift on the machine hits both alike
        for setting in runs:
            result = run(args.clients, args.processes, args.seconds, setting, phases=("game",))
            runs[setting].append(len(result["latencies"]["game"]) / args.seconds)
    rates = {setting: statistics.median(values) for setting, values in runs.items()}
    for setting, rate in rates.items():
        each = ", ".join(f"{v:,.0f}" for v in runs[setting])
        print(f"acknowledged actions/s with appendfsync {setting}: {rate:,.0f} (median of {each})")
    print(f"ratio always/everysec: {rates['always'] / rates['everysec']:.2f} (target >= 0.60)")


if __name__ == "__main__":
    main()

"""Bot-vs-bot self-play in process: actions per second and hands per second.

    python -m bench.selfplay [--seconds S] [--players N ...] [--against REV] [--rounds K]

An action is one command (pick up, draw, meld, lay off, discard), decided and
folded through the engine's one entry point (domain/engine.py), including the
bot's choice, the automatic consequences and the scoring of each hand (with
the exact `playable` solver). Games are one hand each, so a run covers many
deals; seeds are fixed, so reruns play the same games.

With --against REV the same measurement also runs on the code of commit REV
(exported from git into a temporary folder), alternating the two K times in
fresh interpreters, and prints both medians and their ratio: figures from one
run, on one machine, under the same load.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter inside the tree being measured; it uses only what
# every version of the engine has had: domain.selfplay.bot_game and Rules.
MEASURE = r"""
import json, sys, time
try:
    from domain.iceberg.rules import Rules
except ImportError:
    from domain.rules import Rules
from domain.selfplay import bot_game

policy, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
actions = hands = seed = 0

def count(command, events, state):
    global actions
    actions += command is not None

start = time.perf_counter()
while time.perf_counter() - start < seconds:
    bot_game([policy] * players, Rules(hands=1), seed, on_step=count)
    hands += 1
    seed += 1
elapsed = time.perf_counter() - start
print(json.dumps({"actions_per_s": actions / elapsed, "hands_per_s": hands / elapsed, "actions": actions}))
"""


def measure(tree: Path, policy: str, players: int, seconds: float) -> dict:
    out = subprocess.run([sys.executable, "-c", MEASURE, policy, str(players), str(seconds)], cwd=tree,
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def export(rev: str, into: Path) -> Path:
    """The tree of commit `rev`, unpacked into `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 6])
    parser.add_argument("--policies", nargs="+", default=["random", "greedy"])
    parser.add_argument("--against", metavar="REV", help="also measure this commit, alternating with this tree")
    parser.add_argument("--rounds", type=int, default=3, help="alternations with --against (medians reported)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"this tree": ROOT}
        if args.against:
            trees[args.against] = export(args.against, Path(scratch))
        rounds = args.rounds if args.against else 1
        print(f"self-play, one process, {args.seconds:g} s per measurement"
              + (f", {rounds} alternating rounds, medians" if args.against else ""))
        for policy in args.policies:
            for players in args.players:
                figures = {name: [] for name in trees}
                for _ in range(rounds):
                    for name, tree in trees.items():
                        figures[name].append(measure(tree, policy, players, args.seconds))
                line = f"{policy:>6} {players} players:"
                rates = {}
                for name, runs in figures.items():
                    rates[name] = statistics.median(r["actions_per_s"] for r in runs)
                    hands = statistics.median(r["hands_per_s"] for r in runs)
                    line += f"  [{name}] {rates[name]:9,.0f} actions/s {hands:7,.1f} hands/s"
                if args.against:
                    line += f"  ratio {rates['this tree'] / rates[args.against]:.2f}"
                print(line)


if __name__ == "__main__":
    main()

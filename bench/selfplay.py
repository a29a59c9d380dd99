"""Bot-vs-bot self-play in process: actions per second and hands per second.

    python -m bench.selfplay [--seconds S] [--players N ...] [--variants V ...] [--against REV] [--rounds K]

An action is one command (pick up, draw, meld, lay off, discard), decided and
folded through the engine's one entry point (domain/engine.py), including the
bot's choice, the automatic consequences and the scoring of each hand (with
the exact `playable` solver). Games are one hand each, so a run covers many
deals; seeds are fixed, so reruns play the same games.

Every hosted variant is measured (Iceberg one hand a game, the others whole
games under their default rules, at their player counts), and, when `pyspiel`
is installed (the test extra installs open-spiel), OpenSpiel's gin_rummy with
uniform random play in the same run: its player actions per second against
ours, and all its actions (the chance actions that deal and draw included).

With --against REV every variant that commit hosts is also measured on its
code (exported from git into a temporary folder), alternating the two K times
in fresh interpreters, and both medians are printed with their ratio: figures
from one run, on one machine, under the same load.

Rates are per second of the measuring process's CPU time, not of the wall
clock: on a shared virtual machine the wall clock also counts time the
machine lent elsewhere, which moved wall-clock figures by 10-30% between
identical runs here.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter inside the tree being measured. For Iceberg it
# uses only what every version of the engine has had (bot_game and Rules), so
# an older commit can run it too.
MEASURE = r"""
import json, sys, time
policy, players, seconds, variant = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
from domain.selfplay import bot_game
if variant == "iceberg":
    try:
        from domain.iceberg.rules import Rules
    except ImportError:
        from domain.rules import Rules
    rules, extra = Rules(hands=1), {}
else:
    from domain import registry
    rules, extra = registry.named(variant).rules({}), {"variant": variant}
actions = hands = seed = 0

def count(command, events, state):
    global actions
    actions += command is not None

start = time.process_time()
while time.process_time() - start < seconds:
    final = bot_game([policy] * players, rules, seed, on_step=count, **extra)
    hands += final.hands_played
    seed += 1
elapsed = time.process_time() - start
print(json.dumps({"actions_per_s": actions / elapsed, "hands_per_s": hands / elapsed, "actions": actions}))
"""

# OpenSpiel's gin_rummy under uniform random play: chance nodes sampled from
# their outcomes, player moves uniform over the legal actions.
OPENSPIEL = r"""
import json, random, sys, time
import pyspiel
seconds = float(sys.argv[1])
game = pyspiel.load_game("gin_rummy", {"gin_bonus": 20, "undercut_bonus": 10})
rng = random.Random(1)
player = every = hands = 0
start = time.process_time()
while time.process_time() - start < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            player += 1
        every += 1
    hands += 1
elapsed = time.process_time() - start
print(json.dumps({"actions_per_s": player / elapsed, "all_actions_per_s": every / elapsed,
                  "hands_per_s": hands / elapsed}))
"""


def measure(tree: Path, policy: str, players: int, seconds: float, variant: str = "iceberg") -> dict:
    return _run(tree, MEASURE, policy, str(players), str(seconds), variant)


def _run(tree: Path, script: str, *args) -> dict:
    out = subprocess.run([sys.executable, "-c", script, *args], cwd=tree,
                         env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def players_of(variant: str, asked: list[int]) -> list[int]:
    from domain import registry

    fewest, most = registry.named(variant).players
    return [n for n in asked if fewest <= n <= most] or [fewest]


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
    parser.add_argument("--variants", nargs="+", default=None, help="default: every hosted variant")
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
        from domain import registry

        for variant in args.variants or sorted(registry.VARIANTS):
            compared = dict(trees)
            for policy in args.policies:
                for players in players_of(variant, args.players):
                    figures = {name: [] for name in compared}
                    for _ in range(rounds):
                        for name, tree in list(compared.items()):
                            try:
                                figures[name].append(measure(tree, policy, players, args.seconds, variant))
                            except subprocess.CalledProcessError:  # the older tree does not host this variant
                                del compared[name], figures[name]
                    line = f"{variant:>8} {policy:>6} {players} players:"
                    rates = {}
                    for name, runs in figures.items():
                        rates[name] = statistics.median(r["actions_per_s"] for r in runs)
                        hands = statistics.median(r["hands_per_s"] for r in runs)
                        line += f"  [{name}] {rates[name]:9,.0f} actions/s {hands:7,.1f} hands/s"
                    if len(compared) > 1:
                        line += f"  ratio {rates['this tree'] / rates[args.against]:.2f}"
                    print(line)
                    if variant == "gin" and policy == "random":
                        _against_openspiel(rates["this tree"], args.seconds)


def _against_openspiel(ours: float, seconds: float) -> None:
    try:
        theirs = _run(ROOT, OPENSPIEL, str(seconds))
    except subprocess.CalledProcessError:
        print("         OpenSpiel gin_rummy: not measured (pyspiel is not installed)")
        return
    print(f"         OpenSpiel gin_rummy, random: {theirs['actions_per_s']:9,.0f} player actions/s"
          f" ({theirs['all_actions_per_s']:,.0f} with its chance actions) {theirs['hands_per_s']:7,.1f} hands/s")
    print(f"         ours / OpenSpiel: {ours / theirs['actions_per_s']:.2f} by player actions,"
          f" {ours / theirs['all_actions_per_s']:.2f} by all its actions (target >= 1.0)")


if __name__ == "__main__":
    main()

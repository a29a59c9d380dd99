"""Bot-vs-bot self-play in process: actions per second and hands per second.

    python bench/selfplay.py [--seconds S] [--players N ...]

An action is one command (pick up, draw, meld, lay off, discard), decided and
folded, including the bot's choice, the automatic consequences and the scoring
of each hand (with the exact `playable` solver). Games are one hand each, so a
run covers many deals; seeds are fixed, so reruns play the same games.
"""

import _on_path  # noqa: F401  (first: fixes sys.path, see bench/_on_path.py)

import argparse
import time


from domain.iceberg.rules import Rules  # noqa: E402
from domain.selfplay import bot_game  # noqa: E402


def measure(policy: str, players: int, seconds: float) -> tuple[float, float, int]:
    actions = 0
    hands = 0

    def count(command, events, state):
        nonlocal actions
        actions += command is not None

    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        bot_game([policy] * players, Rules(hands=1), seed, on_step=count)
        hands += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, hands / elapsed, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 6])
    args = parser.parse_args()
    print(f"self-play, one process, {args.seconds:g} s per line")
    for policy in ("random", "greedy"):
        for players in args.players:
            per_s, hands_per_s, actions = measure(policy, players, args.seconds)
            print(f"{policy:>6} {players} players: {per_s:9,.0f} actions/s  {hands_per_s:7,.1f} hands/s"
                  f"  ({actions:,} actions)")


if __name__ == "__main__":
    main()

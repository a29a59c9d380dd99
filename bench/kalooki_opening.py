"""The speed of Kalooki's exact opening solver (domain/kalooki/solver.py), which
the listing and the greedy bot call on every turn of a seat that has not opened.

    python -m bench.kalooki_opening [--hands 1000] [--seed 3] [--jokers 2]

Times `best_opening` on HANDS random hands of 16 cards (14 naturals from the
two decks and JOKERS jokers, as a hand holds after its draw) and the opening
that must take the top discard (15 cards and the discard). Each call is timed
once, on fresh hands (the solver keeps answers only for hands asked again),
in the process's CPU time (on a shared machine the wall clock also counts
time lent elsewhere). Prints the median, p99 and worst per call in
milliseconds. Target: p99 <= 50 ms with 2 jokers.
"""

import argparse
import random
import statistics
import time

from domain.kalooki.rules import JOKER, Rules
from domain.kalooki.solver import best_opening


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jokers", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    naturals = [c for c in Rules().pack(2) if c != JOKER]
    timings = {"best_opening (16)": [], "with the discard (15+1)": []}
    for _ in range(args.hands):
        hand = tuple(rng.sample(naturals, 16 - args.jokers)) + (JOKER,) * args.jokers
        start = time.process_time()
        best_opening(hand, False)
        timings["best_opening (16)"].append((time.process_time() - start) * 1e3)
        start = time.process_time()
        best_opening(hand, False, must=hand[0])
        timings["with the discard (15+1)"].append((time.process_time() - start) * 1e3)
    for name, ms in timings.items():
        ms.sort()
        print(f"{name:26s} median {statistics.median(ms):7.2f} ms  p99 {ms[int(len(ms) * 0.99) - 1]:7.2f} ms"
              f"  worst {ms[-1]:7.2f} ms  ({len(ms)} hands, {args.jokers} jokers)")


if __name__ == "__main__":
    main()

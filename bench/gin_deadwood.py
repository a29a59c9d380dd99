"""The speed of Gin's exact deadwood solvers (domain/gin/deadwood.py), which the
greedy bot and every knock and show call.

    python -m bench.gin_deadwood [--hands 2000] [--seed 3]

Times, on HANDS random hands from a seeded random.Random (each call the best of
5 runs, so a scheduler hiccup does not count): `best_arrangement` and
`min_deadwood` of 10 cards and `best_knock` of 11 (all 11 discards), each
for a hand new to their memory (least.py) and for `best_knock` again for one
met before, and
`defender_best` of 10 cards against the knocker's best arrangement of 10
others. Prints the median, p99 and worst per call in microseconds. Target: the
figures in deadwood.py's docstring (the tests once held `best_arrangement` plus
`best_knock` under 4 ms a hand; they now check exactness only).
"""

import argparse
import random
import statistics
import time

from domain.gin.cards import DECK
from domain.gin.deadwood import best_arrangement, best_knock, defender_best, min_deadwood
from domain.gin.least import forget


def best_of_5(solver, *args, cold=False) -> float:
    """Microseconds of the fastest of five runs of `solver(*args)`; `cold`: each
    run with least.py's memory emptied first (a hand never met before)."""
    fastest = float("inf")
    for _ in range(5):
        if cold:
            forget()
        start = time.perf_counter()
        solver(*args)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    timings = {"best_arrangement (10)": [], "min_deadwood (10), new hand": [],
               "best_knock (11), new hand": [], "best_knock (11), again": [], "defender_best (10 vs 10)": []}
    for _ in range(args.hands):
        cards = rng.sample(DECK, 21)
        ten, eleven, knocker = cards[:10], cards[:11], best_arrangement(cards[11:21]).melds
        timings["best_arrangement (10)"].append(best_of_5(best_arrangement, ten))
        timings["min_deadwood (10), new hand"].append(best_of_5(min_deadwood, ten, cold=True))
        timings["best_knock (11), new hand"].append(best_of_5(best_knock, eleven, cold=True))
        timings["best_knock (11), again"].append(best_of_5(best_knock, eleven))
        timings["defender_best (10 vs 10)"].append(best_of_5(defender_best, ten, knocker))
    print(f"{args.hands} random hands, seed {args.seed}, microseconds per call (best of 5 runs each)")
    for name, values in timings.items():
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"{name:28} median {statistics.median(values):7.1f}  p99 {p99:7.1f}  worst {values[-1]:7.1f}")


if __name__ == "__main__":
    main()

"""The speed of Manipulation Rummy's exact solver (domain/manipulation/solver.py,
play.py), which must-play, the refusal of a draw, the automatic passes, the
listing and the greedy bot all call, beside rummikub-solver's on the same
positions, and their agreement.

    python -m bench.manipulation_solver [--positions 1000] [--seed 26] [--table 60] [--hand 20]

Positions: a random valid table of TABLE cards (random sets and runs from two
decks) and a hand of HAND cards from the rest (tests/manipulation_positions.py).
For each: `can_play` and `best` (the best play and its new table), each the
best of 3 runs in CPU time (a scheduler hiccup on a shared machine does not
count), and rummikub-solver's `solve` once (an exact MILP through SciPy's
HiGHS: the most rack tiles placed), whose count must equal ours. Prints the
median, p99 and worst per call in milliseconds. Target: can-play and best-play
p99 <= 5 ms on 20-card hands against 60-card tables.
"""

import argparse
import random
import statistics
import time

from domain.manipulation.play import best, can_play
from tests.manipulation_positions import position

SUITS = ("S", "H", "D", "C")
RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def best_of_3(solver, *args) -> tuple[float, object]:
    """Milliseconds of CPU time of the fastest of three runs, and the result."""
    fastest, result = float("inf"), None
    for _ in range(3):
        start = time.process_time()
        result = solver(*args)
        fastest = min(fastest, time.process_time() - start)
    return fastest * 1e3, result


def referee():
    from rummikub_solver import RuleSet

    rules = RuleSet(numbers=13, repeats=2, colours=4, jokers=0, min_len=3, min_initial_value=1)

    def placed(table, hand) -> tuple[float, int]:
        state = rules.new_game()
        cards = [c for meld in table for c in meld]
        if cards:
            state.add_table(*(rules.tiles[SUITS.index(c[-1]) * 13 + RANKS[c[:-1]] - 2] for c in cards))
        state.add_rack(*(rules.tiles[SUITS.index(c[-1]) * 13 + RANKS[c[:-1]] - 2] for c in hand))
        state.initial = False
        start = time.process_time()
        found = rules.solve(state)
        return (time.process_time() - start) * 1e3, len(found.tiles) if found else 0
    return placed


def summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    return f"{name:<28} median {statistics.median(ordered):7.2f} ms   p99 {p99:7.2f} ms   worst {ordered[-1]:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--table", type=int, default=60)
    parser.add_argument("--hand", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    positions = [position(rng, args.table, args.hand) for _ in range(args.positions)]
    for table, hand in positions[:50]:  # warm up: the joined moves of two suits are made once each
        best(table, hand, False)
    placed = referee()
    timings = {"can_play": [], "best play": [], "rummikub-solver solve": []}
    agree = plays = 0
    for table, hand in positions:
        ms, able = best_of_3(can_play, table, hand, False)
        timings["can_play"].append(ms)
        ms, found = best_of_3(best, table, hand, False)
        timings["best play"].append(ms)
        theirs_ms, theirs = placed(table, hand)
        timings["rummikub-solver solve"].append(theirs_ms)
        ours = len(found[0]) if found else 0
        agree += ours == theirs and able == (theirs > 0)
        plays += ours > 0
    cards = statistics.mean(sum(len(m) for m in t) for t, _ in positions)
    print(f"{args.positions} positions: tables of {cards:.1f} cards on average, hands of {args.hand}; "
          f"{plays} with a play")
    for name, values in timings.items():
        print(summary(name, values))
    print(f"agreement with rummikub-solver (cards placed, can play): {agree}/{args.positions}")


if __name__ == "__main__":
    main()

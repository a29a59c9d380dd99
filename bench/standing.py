"""How well each variant's `standing` (the rating the expert's short rollouts end
on, kernel/expert/search.py) foretells the hand: greedy against greedy, the
rating read where a rollout is cut (a seat about to begin its turn), against
how that hand then went for the seat (1 won, ½ shared, 0 lost).

    python -m bench.standing [--games 300] [--variants gin,kalooki,fortune]

A rollout that reaches the hand's end scores 1 or 0, one cut short scores the
standing, and the search adds the two kinds up: the standing must be the
seat's chance of winning the hand from there, or a candidate whose rollouts
are cut is rated on another scale than one whose rollouts end. Printed per
variant: positions read, the Brier score of the standing as it is and of a
constant ½, and the logistic fit `chance = σ(a + b·logit(standing))`: a
calibrated standing fits a = 0, b = 1; otherwise the variant's constants are
off by that much (its `bots/standing.py` names them SCALE and BIAS: the fitted
scale is SCALE / b, the fitted bias a + b·BIAS).
"""

import argparse
import math

from domain import registry
from domain.kernel.expert.search import outcome
from domain.selfplay import bot_game

EDGE = 1e-6  # a standing this near 0 or 1 is read as this far from it (its logit is finite)


def positions(name: str, games: int) -> list[tuple[float, float]]:
    """(logit of the standing, the hand's outcome) of the seat at each turn's start, greedy games."""
    variant = registry.named(name)
    found, pending, last = [], [], {}

    def on_step(_command, _events, state):
        if len(state.results) != last["hands"]:
            last["hands"], last["mover"] = len(state.results), None
            found.extend((x, outcome(variant.merit, state.results[-1], seat)) for seat, x in pending)
            pending.clear()  # and the next hand, dealt by the same step, is read from its first turn
        mover = state.turn_seat
        if mover is not None and mover != last["mover"]:
            p = min(max(variant.standing(state, mover), EDGE), 1 - EDGE)
            pending.append((mover, math.log(p / (1 - p))))
        last["mover"] = mover

    for seed in range(games):
        pending.clear()
        last.update(hands=0, mover=None)  # a new game: its first turn is read like every other
        bot_game(["greedy"] * variant.players[0], variant.rules(None), seed, on_step=on_step, variant=name)
    return found


def fit(rows) -> tuple[float, float]:
    """(a, b) of the logistic chance σ(a + b·x) of each row's outcome, by Newton's method."""
    a = b = 0.0
    for _ in range(25):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in rows:
            p = 1 / (1 + math.exp(-(a + b * x)))
            w = p * (1 - p)
            ga, gb = ga + (y - p), gb + (y - p) * x
            haa, hab, hbb = haa + w, hab + w * x, hbb + w * x * x
        det = haa * hbb - hab * hab
        a, b = a + (hbb * ga - hab * gb) / det, b + (haa * gb - hab * ga) / det
    return a, b


def brier(rows, a: float = 0.0, b: float = 1.0) -> float:
    """The mean squared error of the chance σ(a + b·x) (b = 0, a = 0: a constant ½)."""
    return sum((1 / (1 + math.exp(-(a + b * x))) - y) ** 2 for x, y in rows) / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--variants", default=",".join(registry.VARIANTS))
    args = parser.parse_args()
    print(f"{'variant':<13}{'positions':>10}{'Brier':>8}{'of ½':>8}{'fitted':>8}{'a':>8}{'b':>8}")
    for name in args.variants.split(","):
        rows = positions(name, args.games)
        a, b = fit(rows)
        print(f"{name:<13}{len(rows):>10}{brier(rows):>8.4f}{brier(rows, 0, 0):>8.4f}{brier(rows, a, b):>8.4f}"
              f"{a:>8.3f}{b:>8.3f}")


if __name__ == "__main__":
    main()

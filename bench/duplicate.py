"""Where the expert's own choices win or lose hands: duplicate hands against greedy.

    python -m bench.duplicate [--hands 100] [--first 0] [--variants gin,rummy] [--think-ms 200] [--jobs 2]
                              [--player sighted]

Each deal is played twice, its first hand only: once with the expert in one
seat and greedy in the others, once with greedy in every seat, the same cards
dealt and each greedy seat drawing from its own generator, so the two hands
differ only from the first move where the expert leaves greedy's choice. A
hand the expert wins and its greedy twin does not is one its choices gained;
the reverse, one they lost. bench/bots.py measures the share of hands won,
where the deal's luck is most of the spread; here the luck cancels, and the
net of gained and lost hands a hundred is the expert's edge in points of share
(its standard error about the root of gained plus lost).

`--player sighted` plays the expert shown the other seats' hands (as in
bench/bots.py): what a better guess at those hands could give the search.
"""

import argparse
import math
import random
from multiprocessing import Pool

from domain import registry
from domain.engine import play
from domain.kernel.expert import policy as expert_policy
from domain.kernel.expert.search import outcome
from domain.selfplay import START, seated, seeded_dealer

from .bots import SIGHTED, sighted


def first_hand(task: tuple) -> float:
    """The outcome (1, ½, 0) for the seat `mine` of the deal's first hand, `who` in that seat."""
    name, deal, mine, who, think_ms = task
    shown = who == SIGHTED
    variant = registry.named(name)
    expert_policy.configure(think_ms=think_ms)
    seats = variant.players[0]
    names = ["greedy"] * seats
    names[mine] = expert_policy.EXPERT if shown else who
    dealer = seeded_dealer(random.Random(f"deal:{name}:{deal}"))
    generators = [random.Random(f"{name}:{deal}:{seat}") for seat in range(seats)]
    _, state, choosers, seers = seated(names, variant.rules(None), dealer, variant.name)
    if shown:
        seers[mine] = sighted(variant)
    while state.turn_seat is not None and not state.results:
        seat = state.turn_seat
        _, state = play(state, choosers[seat](seers[seat](state, seat), generators[seat]), dealer, START)
    return outcome(variant.merit, state.results[-1], mine) if state.results else 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100, help="deals a variant")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number: a later run plays new deals")
    parser.add_argument("--variants", default=",".join(registry.VARIANTS))
    parser.add_argument("--think-ms", type=float, default=expert_policy.THINK_MS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--player", default=expert_policy.EXPERT, choices=(expert_policy.EXPERT, SIGHTED),
                        help="who plays the seat against its greedy twin: the expert, or the expert shown the other hands")
    args = parser.parse_args()
    print(f"{'variant':<13}{'deals':>6}{'expert':>8}{'twin':>8}{'gained':>8}{'lost':>6}{'edge':>8}{'± 1 SE':>8}")
    for name in args.variants.split(","):
        seats = registry.named(name).players[0]
        tasks = [(name, deal, deal % seats, who, args.think_ms)
                 for deal in range(args.first, args.first + args.hands) for who in (args.player, "greedy")]
        with Pool(args.jobs) as pool:
            results = pool.map(first_hand, tasks, chunksize=1)
        expert, twin = results[0::2], results[1::2]
        gained = sum(1 for e, g in zip(expert, twin) if e > g)
        lost = sum(1 for e, g in zip(expert, twin) if e < g)
        n = args.hands
        print(f"{name:<13}{n:>6}{sum(expert) / n:>8.3f}{sum(twin) / n:>8.3f}{gained:>8}{lost:>6}"
              f"{(sum(expert) - sum(twin)) / n:>+8.3f}{math.sqrt(gained + lost) / n:>8.3f}")


if __name__ == "__main__":
    main()

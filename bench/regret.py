"""How much of what its search could find the expert finds: its choices scored
against a long search of every legal action.

    python -m bench.regret truth --variant fortune [--positions 300] [--rounds 800] [--out truth-fortune.pkl]
    python -m bench.regret score --truth truth-fortune.pkl --setting 2 --setting 0.5:0.333,0.667
                                 [--seeds 3] [--think-ms 200] [--jobs 2]

`truth` takes positions from the first hands of greedy-against-greedy games
of the variant's fewest seats (about a third of the decisions with 2 to 14
legal actions, games numbered from 9000: deals no other bench plays), and
rates every legal action of each by `--rounds` paired rounds: each round one
deal of the cards the seat has not seen, every action rolled out in it with the
same generator, as the search rolls out its candidates. That is the value the
search estimates (the chance of winning the hand after the action, greedy
playing on), known to about a third of a point, and what it costs is spent
once.

`score` runs the expert's search (kernel/expert/search.py `choose`) on every
position at `--think-ms` by the clock, once a seed, with each `--setting`
(CONFIDENCE[:STAGES], `Settings`: the standard errors a candidate must clear,
and the parts of the budget after which the worse half of the candidates is
dropped; no stages: after PRUNE_AT's rounds), and prints for each setting the
mean of truth[chosen] − truth[greedy's choice] (its gain over greedy, in
points of a chance, per decision), how often it leaves greedy and how often
for a worse action, and its mean against the first setting, position by
position (the paired difference: much tighter than either mean). `oracle` is
the mean of the best action's value against greedy's: an upper bound, raised
a little by the truth's own noise.

Duplicate hands (bench/duplicate.py) tell settings apart by some five points
in 400 deals; this tells them apart by a tenth of that in minutes, but only
by the search's own measure: a setting it prefers must still win hands
(bench/bots.py).
"""

import argparse
import math
import pickle
import random
import statistics
from multiprocessing import Pool

from domain import registry
from domain.kernel.expert import search
from domain.kernel.expert.determinize import Dealer
from domain.selfplay import bot_game

FIRST_GAME = 9000  # positions come from games numbered from here
MOST_ACTIONS = 14  # positions with more legal actions are left out (the truth rates every one)
KEEP = 0.35  # the part of the eligible decisions kept


def positions(name: str, count: int) -> list:
    """`count` expert views of decisions in greedy games' first hands."""
    variant, found, game = registry.named(name), [], FIRST_GAME
    while len(found) < count:
        rng = random.Random(game)

        def keep(command, events, state, rng=rng):
            seat = state.turn_seat
            if seat is None or state.results or len(found) >= count:
                return
            if 1 < len(variant.legal_actions(state, seat)) <= MOST_ACTIONS and rng.random() < KEEP:
                found.append(variant.expert_view(state, seat))

        seats = ["greedy"] * variant.players[0]
        bot_game(seats, variant.rules({"max_hands": 1}), game, on_step=keep, variant=name)
        game += 1
    return found


def truth(task: tuple) -> tuple[list, list[float]]:
    """Every legal action of the position and its mean rollout value over `rounds` paired rounds."""
    name, view, rounds, seed = task
    variant, rng = registry.named(name), random.Random(seed)
    dealer = Dealer(variant, view.known)
    actions = variant.legal_actions(dealer(rng), view.seat)
    sums = [0.0] * len(actions)
    for _ in range(rounds):
        deal, roll = dealer(rng), rng.random()
        for i, action in enumerate(actions):
            sums[i] += search._rollout(variant, deal, action, view.seat, random.Random(roll), variant.horizon,
                                       lambda: False)
    return actions, [total / rounds for total in sums]


def setting(text: str) -> search.Settings:
    """CONFIDENCE[:STAGE,STAGE...], e.g. 2 or 0.5:0.333,0.667."""
    confidence, _, stages = text.partition(":")
    return search.Settings(float(confidence), tuple(float(s) for s in stages.split(",")) if stages else None)


def decide(task: tuple) -> tuple[int, int]:
    """The indexes, among the position's actions, of the search's choice and of greedy's."""
    name, view, actions, settings, seed, think_ms = task
    variant = registry.named(name)
    rng = random.Random(seed)
    chosen = search.choose(variant, view, rng, search.Budget(think_ms / 1000), variant.merit, settings)
    _, _, pick = search.opening(variant, view, random.Random(seed))  # greedy's choice, as the search made it
    return actions.index(chosen), actions.index(pick)


def score(data: dict, texts: list[str], seeds: int, think_ms: float, jobs: int) -> None:
    name, views, rated = data["variant"], data["views"], data["truth"]
    keys = [(text, s, p) for text in texts for s in range(seeds) for p in range(len(views))]
    tasks = [(name, views[p], rated[p][0], setting(text), s * len(views) + p, think_ms) for text, s, p in keys]
    with Pool(jobs) as pool:
        chosen = pool.map(decide, tasks, chunksize=4)
    gains = {text: [] for text in texts}
    for (text, _, p), (i, g) in zip(keys, chosen):
        values = rated[p][1]
        gains[text].append((values[i] - values[g], i != g, max(values) - values[g]))
    first = [r[0] for r in gains[texts[0]]]
    print(f"{name}: {len(views)} positions, {seeds} seeds, {think_ms:g} ms")
    print(f"{'setting':<22}{'gain':>9}{'± SE':>8}{'vs first':>10}{'± SE':>8}{'leaves':>8}{'worse':>7}{'oracle':>8}")
    for text, rows in gains.items():
        g = [r[0] for r in rows]
        d = [a - b for a, b in zip(g, first)]
        print(f"{text:<22}{1000 * statistics.mean(g):>9.2f}{1000 * _se(g):>8.2f}{1000 * statistics.mean(d):>10.2f}"
              f"{1000 * _se(d):>8.2f}{sum(r[1] for r in rows) / len(rows):>8.3f}"
              f"{sum(1 for r in rows if r[0] < 0) / len(rows):>7.3f}{1000 * statistics.mean(r[2] for r in rows):>8.2f}")
    print("(gain, its SE and the oracle in thousandths of a chance a decision)")


def _se(values: list[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("truth", help="positions and each legal action's value")
    make.add_argument("--variant", required=True)
    make.add_argument("--positions", type=int, default=300)
    make.add_argument("--rounds", type=int, default=800)
    make.add_argument("--out", default=None, help="the file (truth-VARIANT.pkl)")
    make.add_argument("--jobs", type=int, default=2)
    rate = commands.add_parser("score", help="settings of the search scored against a truth")
    rate.add_argument("--truth", required=True)
    rate.add_argument("--setting", action="append", required=True, help="CONFIDENCE[:STAGES], e.g. 0.5:0.333,0.667")
    rate.add_argument("--seeds", type=int, default=3)
    rate.add_argument("--think-ms", type=float, default=200)
    rate.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.command == "truth":
        views = positions(args.variant, args.positions)
        with Pool(args.jobs) as pool:
            rated = pool.map(truth, [(args.variant, view, args.rounds, p) for p, view in enumerate(views)], chunksize=1)
        out = args.out or f"truth-{args.variant}.pkl"
        with open(out, "wb") as file:  # views are the domain's own records: pickled, read back by `score` alone
            pickle.dump({"variant": args.variant, "views": views, "truth": rated, "rounds": args.rounds}, file)
        print(f"{len(views)} positions, {statistics.mean(len(a) for a, _ in rated):.1f} actions each: {out}")
    else:
        with open(args.truth, "rb") as file:
            data = pickle.load(file)
        score(data, args.setting, args.seeds, args.think_ms, args.jobs)


if __name__ == "__main__":
    main()

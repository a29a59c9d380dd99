"""The expert bot against greedy (and random), hand by hand, in every variant.

    python -m bench.bots [--hands 400] [--variants gin,iceberg] [--think-ms 200] [--jobs 2]
                         [--against greedy,random] [--out bench-bots.json] [--player expert] [--first 0]

Each game seats one expert and the variant's fewest players of the other bot,
the expert's seat moving round the table from game to game; a game is played
(in process, through domain.engine.play like selfplay) until it ends or has
given HANDS_PER_GAME hands. A hand is won by the seat whose result the
variant rates best (Variant.merit: its score, or the fewest penalty points);
a tie counts half. Printed per variant and opponent: hands, the expert's share
with its Wilson 95% interval, and the p50/p95 time of an expert decision.

`--player` puts another player in the expert's seat, to read the expert's
figures against: `greedy` (or any bot of the variant), greedy's own share in
that seat; `sighted`, the expert shown the other seats' hands (the stock and
any card face down still hidden), which no one plays: the ceiling of what a
better guess at those hands could give the search.

Games are numbered from `--first` (0): a game's number seeds its deals, so a
run from another number plays new deals (give it its own `--out`).

Every game's figures are appended to `--out` (one JSON line each) as soon as it
ends, so a long run resumes where it stopped: games already there (same
variant, opponent, budget and seed) are not played again.
"""

import argparse
import json
import math
import random
import time
from multiprocessing import Pool
from pathlib import Path

from domain import registry
from domain.engine import play
from domain.kernel.expert import policy as expert_policy
from domain.kernel.expert.search import outcome
from domain.selfplay import START, seated, seeded_dealer

HANDS_PER_GAME = 8
EXPERT, SIGHTED = expert_policy.EXPERT, "sighted"  # who may be in the measured seat, beside a variant's bots


def play_game(task: dict) -> dict:
    """One game's hands: the expert's outcome of each and its decision times (ms)."""
    variant = registry.named(task["variant"])
    expert_policy.configure(think_ms=task["think_ms"])
    seats = variant.players[0]
    mine = task["seed"] % seats
    player = task.get("player", EXPERT)
    names = [task["against"]] * seats
    names[mine] = EXPERT if player == SIGHTED else player
    rng = random.Random(f"{task['variant']}:{task['seed']}")
    dealer = seeded_dealer(rng)
    _, state, choosers, seers = seated(names, variant.rules(None), dealer, variant.name)
    if player == SIGHTED:
        seers[mine] = sighted(variant)
    outcomes, times = [], []
    while state.turn_seat is not None and len(state.results) < HANDS_PER_GAME:
        seat = state.turn_seat
        began = time.perf_counter()
        command = choosers[seat](seers[seat](state, seat), rng)
        if seat == mine:
            times.append((time.perf_counter() - began) * 1000)
        hands = len(state.results)
        _, state = play(state, command, dealer, START)
        if len(state.results) != hands:
            outcomes.append(outcome(variant.merit, state.results[-1], mine))
    return {**task, "outcomes": outcomes, "ms": [round(t, 2) for t in times]}


def sighted(variant):
    """The expert's view with every other hand shown as it is (`--player sighted`)."""
    def view(state, seat: int):
        seen = variant.expert_view(state, seat)
        known = seen.known
        return seen._replace(known=known._replace(hand=known.hand._replace(hands=state.hand.hands)))
    return view


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share `wins / n`."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list, q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _key(row: dict) -> tuple:
    return row["variant"], row["against"], row["think_ms"], row.get("player", EXPERT), row["seed"]


def _done(out: Path) -> dict:
    if not out.exists():
        return {}
    rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    return {_key(row): row for row in rows}


def _tasks(variants, against, think_ms, hands, done, player=EXPERT, first=0) -> list:
    """Enough games a variant and opponent for `hands` hands, counting those already played:
    a game is taken to give as many hands as its games so far gave on average
    (HANDS_PER_GAME before any), so a variant whose games end after a hand or two
    (Conquian) is given games enough."""
    tasks = []
    for name in variants:
        for other in against:
            played = [r for k, r in done.items() if k[:4] == (name, other, think_ms, player)]
            have = sum(len(r["outcomes"]) for r in played)
            per_game = max(1.0, have / len(played)) if played else HANDS_PER_GAME
            seed = first
            while have < hands:
                if (name, other, think_ms, player, seed) not in done:
                    task = {"variant": name, "against": other, "think_ms": think_ms, "seed": seed}
                    tasks.append(task if player == EXPERT else {**task, "player": player})
                    have += per_game
                seed += 1
    return tasks


def report(rows, variants, against, think_ms, player=EXPERT) -> None:
    print(f"{'variant':<13}{'vs':<8}{'hands':>6}{'share':>8}{'95% CI':>16}{'p50 ms':>8}{'p95 ms':>8}")
    for name in variants:
        for other in against:
            mine = [r for r in rows if _key(r)[:4] == (name, other, think_ms, player)]
            outcomes = [o for r in mine for o in r["outcomes"]]
            times = [t for r in mine for t in r["ms"]]
            low, high = wilson(sum(outcomes), len(outcomes))
            share = sum(outcomes) / len(outcomes) if outcomes else 0.0
            print(f"{name:<13}{other:<8}{len(outcomes):>6}{share:>8.3f}   [{low:.3f}, {high:.3f}]"
                  f"{percentile(times, 0.5):>8.1f}{percentile(times, 0.95):>8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=400, help="hands a variant and opponent")
    parser.add_argument("--variants", default=",".join(registry.VARIANTS))
    parser.add_argument("--against", default="greedy,random")
    parser.add_argument("--think-ms", type=float, default=expert_policy.THINK_MS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="bench-bots.json")
    parser.add_argument("--first", type=int, default=0, help="the first game's number: another plays new deals")
    parser.add_argument("--player", default=EXPERT,
                        help="who plays the measured seat: expert, sighted (the expert shown the other hands) "
                             "or a bot of the variant (greedy: the control)")
    args = parser.parse_args()
    variants, against, out = args.variants.split(","), args.against.split(","), Path(args.out)
    if args.player != SIGHTED and any(args.player not in registry.named(v).bots for v in variants):
        parser.error(f"--player {args.player!r}: not a bot of every variant asked for, nor {SIGHTED!r}")
    for _ in range(10):  # a game may give fewer hands than assumed: top up
        done = _done(out)
        tasks = _tasks(variants, against, args.think_ms, args.hands, done, args.player, args.first)
        if not tasks:
            break
        with Pool(args.jobs) as pool, out.open("a") as sink:
            for row in pool.imap_unordered(play_game, tasks):
                sink.write(json.dumps(row) + "\n")
                sink.flush()
    report(list(_done(out).values()), variants, against, args.think_ms, args.player)


if __name__ == "__main__":
    main()

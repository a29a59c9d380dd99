"""The expert's search: flat information-set Monte Carlo over determinizations,
the greedy bot as the rollout policy, paired comparisons against greedy's own
choice.

Each round deals one determinization (determinize.py) and plays every root
candidate in it, then the rest of the hand by the greedy policy for every
seat, or, in a variant that can rate a hand in play (`Variant.standing`), a
few turns of it and the rating, each candidate with the same deal and the same
rollout generator: the candidates are compared on equal cards, which removes
most of the luck from the difference. The root's candidates are greedy's own
choice and a few other legal actions; the expert leaves greedy's choice only
for a candidate whose mean advantage over it is clearly above zero (a margin
of `CONFIDENCE` standard errors), so a short search falls back on greedy.

The search stops at the time budget (or after `rounds`); the clock is an
input, and every random draw comes from the generator the bot is given, so
with the same generator and clock a decision is the same.
"""

import functools
import math
import random
import time
from typing import NamedTuple

from .determinize import Dealer, Deals

CANDIDATES = 8  # root actions compared: greedy's and up to this many less one others
CONFIDENCE = 2.0  # standard errors a candidate's advantage over greedy's choice must exceed
MIN_ROUNDS = 8  # rounds before any candidate may replace greedy's choice
PRUNE_AT = frozenset({8, 16, 32, 64})  # rounds after which the worse half of the other candidates is dropped
DEPTH = 400  # rollout actions at most (a hand's end comes first here)
MARGIN = 0.15  # the part of the time budget left unused


class Settings(NamedTuple):
    """How a variant's search spends its budget (`Variant.search`; the defaults are every variant's but
    Fortune's). `stages`: the parts of the budget (time, or rounds when those come first) after which the
    worse half of the other candidates is dropped, so every candidate gets its share of the budget, not
    of 8 rounds; None: after the rounds of PRUNE_AT. `confidence`: the standard errors by which a
    candidate's advantage must exceed greedy's choice."""
    confidence: float = CONFIDENCE
    stages: tuple[float, ...] | None = None


class OutOfTime(Exception):
    """The budget ran out inside a round: the round is not counted."""


class Budget:
    """When to stop: after `seconds` by `clock`, or `rounds` rounds, whichever first."""

    def __init__(self, seconds: float, rounds: int | None = None, clock=time.perf_counter):
        self.seconds, self.rounds, self.clock = seconds, rounds, clock

    def start(self):
        """A function (rounds done) -> the part of the budget spent: 1 or more, the search must stop."""
        # the search stops short of the budget by MARGIN: what follows its last check (a greedy move, the
        # rating) and a busy machine's pauses must fit in it
        began, seconds = self.clock(), self.seconds * (1 - MARGIN)

        def spent(done: int) -> float:
            part = (self.clock() - began) / seconds if seconds > 0 else math.inf
            return part if self.rounds is None else max(part, done / self.rounds if self.rounds else 1.0)
        return spent


def choose(variant, view, rng: random.Random, budget: Budget, merit, settings: Settings | None = None):
    """The expert's command for the seat whose `view` this is (`settings`: the variant's, unless given)."""
    settings = settings or variant.search
    spent = budget.start()
    over = lambda done: spent(done) >= 1  # noqa: E731 (the rollouts' check, and the loop's)
    stages = list(settings.stages or ())
    turns = variant.horizon if variant.standing is not None else DEPTH
    seat = view.seat
    dealer, first, pick = opening(variant, view, rng)
    actions = variant.legal_actions(first, seat)
    if len(actions) <= 1:
        return pick
    candidates = _candidates(pick, actions, rng)
    if variant.surprise is not None:  # the deals after the first weighed by how they fit the others' play
        deal = Deals(variant, view.known, seat, rng).next
    else:
        deal = functools.partial(dealer, rng)
    alive = list(range(len(candidates)))
    sums, squares = [0.0] * len(candidates), [0.0] * len(candidates)
    rounds, det = 0, first
    while len(alive) > 1 and not over(rounds):  # (a rollout ended by its first action checks no clock)
        seed, values, stop = rng.random(), {}, functools.partial(over, rounds)
        try:
            for i in alive:
                values[i] = _rollout(variant, det, candidates[i], seat, random.Random(seed), turns, stop)
        except OutOfTime:
            break  # the round unfinished is not counted
        for i in alive:
            diff = values[i] - values[0]
            sums[i] += diff
            squares[i] += diff * diff
        rounds += 1
        if settings.stages is None and rounds in PRUNE_AT:
            alive = _pruned(sums, squares, rounds, alive)
        elif stages and spent(rounds) >= stages[0]:
            stages.pop(0)
            alive = _pruned(sums, squares, rounds, alive)
        det = deal()
    return candidates[_best(sums, squares, rounds, alive, settings.confidence)]


def opening(variant, view, rng: random.Random):
    """The search's first draws, in their order: the dealer of the view's deals, the first deal, and
    greedy's choice (the candidate every other is measured against; bench/regret.py asks it again)."""
    dealer = Dealer(variant, view.known)
    first = dealer(rng)
    return dealer, first, variant.bots["greedy"](view, random.Random(rng.random()))


def _pruned(sums, squares, rounds: int, alive: list) -> list:
    """Greedy's choice and the better half of the others, by their mean advantage."""
    others = sorted(alive[1:], key=lambda i: -sums[i])
    return [0] + others[:max(1, len(others) // 2)] if others else [0]


def _candidates(pick, actions, rng) -> list:
    others = [a for a in actions if a != pick]
    rng.shuffle(others)
    return [pick] + others[:CANDIDATES - 1]


def _best(sums, squares, rounds: int, alive: list, confidence: float) -> int:
    """The candidate clearly better than greedy's (index 0), else greedy's: its mean advantage the
    greatest and above `confidence` standard errors."""
    if rounds < MIN_ROUNDS:
        return 0
    best, best_mean = 0, 0.0
    for i in alive[1:]:
        mean = sums[i] / rounds
        spread = math.sqrt(max(squares[i] / rounds - mean * mean, 0.0) / (rounds - 1))
        if mean > best_mean and mean > confidence * spread:
            best, best_mean = i, mean
    return best


def _rollout(variant, state, command, seat: int, rng: random.Random, turns: int, over) -> float:
    """How the hand goes for `seat` after `command`, every seat then playing greedy
    until the seat's `turns`-th turn begins (the variant's `horizon`; DEPTH
    actions at most): 1 a hand won, 0 lost, ½ shared; cut short, the variant's
    `standing` of the seat (between 0 and 1), or ½ without one. Every
    candidate's rollout is cut at the same point of the play (the seat about to
    begin a turn, every other seat having had as many turns): a cut after so
    many actions would rate one candidate just after a draw and another just
    before one, and a turn is two actions in one variant and five in another."""
    hands = len(state.results)
    _, state = variant.decide(state, command)
    greedy, see = variant.bots["greedy"], variant.see
    previous, begun = state.turn_seat, 0
    for _ in range(DEPTH):
        if len(state.results) != hands:
            break
        mover = state.turn_seat
        if mover is None:
            break
        if mover == seat != previous:
            begun += 1
            if begun >= turns:
                break
        previous = mover
        if over():
            raise OutOfTime
        _, state = variant.decide(state, greedy(see(state, mover), rng))
    if len(state.results) != hands:
        return outcome(variant.merit, state.results[-1], seat)
    return variant.standing(state, seat) if variant.standing is not None else 0.5


def outcome(merit, results, seat: int) -> float:
    """1 if `seat`'s hand result is the best, 0 if another's is better, ½ if shared."""
    mine = max(merit(r) for r in results if r.seat == seat)
    best = max(merit(r) for r in results if r.seat != seat)
    return 1.0 if mine > best else 0.0 if mine < best else 0.5

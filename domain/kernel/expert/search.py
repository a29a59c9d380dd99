"""The expert's search: flat information-set Monte Carlo over determinizations,
the greedy bot as the rollout policy, paired comparisons against greedy's own
choice.

Each round deals one determinization (determinize.py) and plays every root
candidate in it, then the rest of the hand (or `depth` more actions) by the
greedy policy for every seat, each candidate with the same deal and the same
rollout generator: the candidates are compared on equal cards, which removes
most of the luck from the difference. The root's candidates are greedy's own
choice and a few other legal actions; the expert leaves greedy's choice only
for a candidate whose mean advantage over it is clearly above zero (a margin
of `CONFIDENCE` standard errors), so a short search falls back on greedy.

The search stops at the time budget (or after `rounds`); the clock is an
input, and every random draw comes from the generator the bot is given, so
with the same generator and clock a decision is the same.
"""

import math
import random
import time

from .determinize import deal_unseen

CANDIDATES = 6  # root actions compared: greedy's and up to this many less one others
CONFIDENCE = 1.5  # standard errors a candidate's advantage over greedy's choice must exceed
MIN_ROUNDS = 4  # rounds before any candidate may replace greedy's choice
DEPTH = 400  # rollout actions at most (a hand's end comes first in every variant here)


class Budget:
    """When to stop: after `seconds` by `clock`, or `rounds` rounds, whichever first."""

    def __init__(self, seconds: float, rounds: int | None = None, clock=time.perf_counter):
        self.seconds, self.rounds, self.clock = seconds, rounds, clock

    def start(self):
        began = self.clock()
        return lambda done: (self.rounds is not None and done >= self.rounds) or self.clock() - began >= self.seconds


def choose(variant, view, rng: random.Random, budget: Budget, merit):
    """The expert's command for the seat whose `view` this is."""
    over = budget.start()
    seat = view.seat
    greedy = variant.bots["greedy"]
    first = deal_unseen(variant, view.known, rng)
    actions = variant.legal_actions(first, seat)
    pick = greedy(view, random.Random(rng.random()))
    if len(actions) <= 1:
        return pick
    candidates = _candidates(pick, actions, rng)
    sums, squares = [0.0] * len(candidates), [0.0] * len(candidates)
    rounds = 0
    det = first
    while not over(rounds):
        seed = rng.random()
        values = [_rollout(variant, det, command, seat, random.Random(seed), merit) for command in candidates]
        for i, value in enumerate(values):
            diff = value - values[0]
            sums[i] += diff
            squares[i] += diff * diff
        rounds += 1
        det = deal_unseen(variant, view.known, rng)
    return candidates[_best(sums, squares, rounds)]


def _candidates(pick, actions, rng) -> list:
    others = [a for a in actions if a != pick]
    rng.shuffle(others)
    return [pick] + others[:CANDIDATES - 1]


def _best(sums, squares, rounds: int) -> int:
    """The candidate clearly better than greedy's (index 0), else greedy's."""
    if rounds < MIN_ROUNDS:
        return 0
    best, best_mean = 0, 0.0
    for i in range(1, len(sums)):
        mean = sums[i] / rounds
        spread = math.sqrt(max(squares[i] / rounds - mean * mean, 0.0) / (rounds - 1))
        if mean > best_mean and mean > CONFIDENCE * spread:
            best, best_mean = i, mean
    return best


def _rollout(variant, state, command, seat: int, rng: random.Random, merit) -> float:
    """How the hand goes for `seat` after `command`, every seat then playing greedy:
    1 a hand won, 0 lost, ½ shared; plus a small part of the margin."""
    hands = len(state.results)
    _, state = variant.decide(state, command)
    greedy, see = variant.bots["greedy"], variant.see
    for _ in range(DEPTH):
        if len(state.results) != hands:
            break
        mover = state.turn_seat
        if mover is None:
            break
        _, state = variant.decide(state, greedy(see(state, mover), rng))
    if len(state.results) == hands:
        return 0.5  # the rollout ran out: no result
    return outcome(merit, state.results[-1], seat)


def outcome(merit, results, seat: int) -> float:
    """1 if `seat`'s hand result is the best, 0 if another's is better, ½ if shared."""
    mine = max(merit(r) for r in results if r.seat == seat)
    best = max(merit(r) for r in results if r.seat != seat)
    return 1.0 if mine > best else 0.0 if mine < best else 0.5

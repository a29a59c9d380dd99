"""The expert's search (domain/kernel/expert/search.py): every rollout the search
cuts short is rated at the same point of the play, the seat about to begin a
turn, so no candidate is rated just after a draw and another just before one;
a rollout that reaches the hand's end is scored by its result."""

import dataclasses
import math
import random

import pytest

from domain import registry
from domain.kernel.expert import search
from domain.kernel.expert.standing import lead
from tests.test_expert_determinize import NAMES, positions


@pytest.mark.parametrize("name", NAMES)
def test_a_rollout_cut_short_is_rated_as_the_seat_begins_a_turn(name):
    variant, rng = registry.named(name), random.Random(name)
    rated = []

    def standing(state, seat):
        rated.append((state.turn_seat, seat, len(state.results)))
        return variant.standing(state, seat)

    spying = dataclasses.replace(variant, standing=standing)
    searched = 0
    for state in rng.sample(positions(name, 300), 40):
        seat = state.turn_seat
        if len(variant.legal_actions(state, seat)) < 2:
            continue
        searched += 1
        before = len(rated)
        chosen = search.choose(spying, variant.expert_view(state, seat), random.Random(state.version),
                               search.Budget(60, rounds=3), variant.merit)
        assert chosen in variant.legal_actions(state, seat)
        for mover, rater, hands in rated[before:]:
            assert (mover, hands) == (seat, len(state.results)), f"rated with seat {mover} to move, not {seat}"
            assert rater == seat
    assert searched >= 5


def test_a_cut_rollout_is_rated_as_a_chance_logistic_in_the_lead_over_the_best_other():
    """Cut rollouts are added up with ended ones (1 or 0), so the rating is a chance:
    σ(bias + 2·lead/scale), the lead taken over the best of the other seats."""
    assert lead(0, [0], 40) == 0.5
    assert lead(10, [0], 40, 0.2) == pytest.approx(1 / (1 + math.exp(-(0.2 + 2 * 10 / 40))))
    assert lead(-10, [0], 40) == pytest.approx(1 - lead(10, [0], 40))
    assert lead(5, [-20, 5, 3], 40) == 0.5
    assert lead(0, [0], 40, 0.3) > 0.5  # the seat to move has the edge its bias gives


def test_the_budget_spent_is_its_time_or_its_rounds_whichever_is_further():
    now = [0.0]
    spent = search.Budget(1.0, rounds=10, clock=lambda: now[0]).start()
    assert spent(0) == 0 and spent(5) == 0.5
    now[0] = 0.5 * (1 - search.MARGIN)  # half the time the search may use
    assert spent(2) == pytest.approx(0.5) and spent(8) == 0.8 and spent(10) == 1
    timed = search.Budget(1.0, clock=lambda: now[0]).start()  # no rounds: the time alone
    now[0] += 0.25 * (1 - search.MARGIN)
    assert timed(10**6) == pytest.approx(0.25)


def _wide_position(name: str, width: int):
    variant = registry.named(name)
    for state in positions(name, 400):
        if len(variant.legal_actions(state, state.turn_seat)) >= width:
            return variant, state
    raise AssertionError(f"no {name} position with {width} legal actions")


@pytest.mark.parametrize("stages, rollouts", [
    (None, 6 * 8),  # (PRUNE_AT: none of 6 rounds is pruned)
    ((1 / 3, 2 / 3), 2 * 8 + 2 * 4 + 2 * 2),  # greedy's and 7 others, then 3 others, then 1
])
def test_stages_halve_the_other_candidates_at_parts_of_the_budget(monkeypatch, stages, rollouts):
    variant, state = _wide_position("fortune", search.CANDIDATES)
    rolled = []
    real = search._rollout
    monkeypatch.setattr(search, "_rollout", lambda v, det, command, *rest: rolled.append(command) or real(v, det, command, *rest))
    seat = state.turn_seat
    chosen = search.choose(variant, variant.expert_view(state, seat), random.Random(1), search.Budget(60, rounds=6),
                           variant.merit, search.Settings(confidence=0.0, stages=stages))
    assert len(rolled) == rollouts
    assert chosen in variant.legal_actions(state, seat)


def test_a_search_that_trusts_no_advantage_plays_greedy_s_choice():
    variant, state = _wide_position("fortune", 4)
    seat = state.turn_seat
    view = variant.expert_view(state, seat)
    for seed in range(5):
        rng = random.Random(seed)
        chosen = search.choose(variant, view, rng, search.Budget(60, rounds=8), variant.merit,
                               search.Settings(confidence=math.inf, stages=(0.5,)))
        assert chosen == search.opening(variant, view, random.Random(seed))[2]  # greedy's choice

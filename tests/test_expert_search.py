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

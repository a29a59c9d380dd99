"""Legal actions and the bots' policies."""

import random

from domain import registry
from domain.iceberg.actions import legal_actions
from domain.iceberg.bots import POLICIES
from domain.iceberg.bots.greedy import choose_greedy, usefulness
from domain.iceberg.commands import Discard, Draw, LayOff, Meld, Pickup
from domain.iceberg.events import CardDiscarded, CardDrawn, MeldLaid
from domain.iceberg.evolve import fold
from domain.iceberg.state import TableMeld
from domain.iceberg.views import see
from tests.builders import dealt
from tests.worked_example import A_NO_ACE, B, C

A = A_NO_ACE
START = dealt([A, B, C], stock=["5S", "6C", "AC"])


def test_before_the_draw_the_only_action_is_the_draw_and_others_have_none():
    state = fold(START)
    assert legal_actions(state, 0) == [Draw(0)]
    assert legal_actions(state, 1) == [] and legal_actions(state, 2) == []


def test_a_waiting_card_makes_pick_up_the_only_action():
    given = START + [CardDrawn(0, "5S"), CardDiscarded(0, 2, "JH"), CardDrawn(1, "6C"), CardDiscarded(1, 0, "8D")]
    assert legal_actions(fold(given), 2) == [Pickup(2)]


def test_play_phase_lists_every_meld_lay_off_and_discard():
    given = START + [CardDrawn(0, "5S")]
    actions = legal_actions(fold(given), 0)
    melds = {a.cards for a in actions if isinstance(a, Meld)}
    assert melds == {("7S", "8S", "9S"), ("8S", "9S", "10S"), ("7S", "8S", "9S", "10S")}
    assert {a.card for a in actions if isinstance(a, Discard)} == set(A) | {"5S"}
    given += [MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30)]
    layoffs = {a.cards for a in legal_actions(fold(given), 0) if isinstance(a, LayOff)}
    assert layoffs == {("10S",)}


def test_views_hide_other_hands_and_the_stock():
    view = see(fold(START), 1)
    assert view.hand == tuple(B)
    assert set(view._fields) >= {"hand_sizes", "stock"} and "deck" not in view._fields
    assert all(not isinstance(v, tuple) or A[0] not in v for v in view)


def test_greedy_takes_the_most_points_available_now():
    given = START + [CardDrawn(0, "5S")]
    command = choose_greedy(see(fold(given), 0), random.Random(0))
    assert command == Meld(0, ("7S", "8S", "9S", "10S"))


def test_greedy_scores_cards_by_their_promise():
    hand = ("5S", "6S", "KD", "QC", "QH")
    table = (TableMeld("m1", 1, "run", ("8C", "9C", "10C")),)
    scores = {c: usefulness(c, hand, table) for c in hand}
    assert scores["KD"] == 0 and scores["QC"] > 0 and scores["5S"] > 0


def test_greedy_with_nothing_to_score_discards_a_least_useful_card():
    # left with JH 3H QD 5S: 5S is one card (6S) away from the run 7S..10S
    given = START + [CardDrawn(0, "5S"), MeldLaid(0, "m1", "run", ("7S", "8S", "9S", "10S"), 70)]
    for seed in range(20):
        command = choose_greedy(see(fold(given), 0), random.Random(seed))
        assert isinstance(command, Discard) and command.card in {"JH", "3H", "QD"}


def test_bots_are_deterministic_given_their_seed():
    state = fold(START + [CardDrawn(0, "5S")])
    for name, policy in POLICIES.items():  # the expert's view has `known` (Variant.view_for)
        picks = {policy(registry.named("iceberg").view_for(name)(state, 0), random.Random(42)) for _ in range(5)}
        assert len(picks) == 1

"""Manipulation Rummy: the deal, own_opening, the legal-action listing and the
bots (docs/rules/manipulation.md), given a position -> when -> then."""

import random

import pytest

from domain import registry
from domain.kernel.commands import Draw
from domain.kernel.deals import StartHand
from domain.manipulation.actions import options
from domain.manipulation.bots import POLICIES
from domain.manipulation.commands import Play
from domain.manipulation.decide import decide
from domain.manipulation.errors import MustPlay, OpeningTouchesTable
from domain.manipulation.events import TableRearranged
from domain.manipulation.views import see
from tests.manipulation_builders import DECK, given, then, when

TABLE = (("4C", "5C", "6C"), ("7S", "7H", "7C"))  # canonical
OTHERS = (["9S", "9H", "JD"], ["3D", "QC", "5H"])


def test_each_seat_gets_seven_one_at_a_time_from_the_first_player_and_the_first_seat_rotates():
    state = given([[], [], [], []], hand_no=0)
    for number in range(5):
        state = state._replace(results=((),) * number, hand=state.hand._replace(phase="ended"))
        (started,) = decide(state, StartHand(DECK, "00"))
        assert (started.first_seat, started.dealer) == (number % 4, (number - 1) % 4)
        hand = then(state, StartHand(DECK, "00")).hand
        first = number % 4
        assert hand.hands[first] == DECK[0:28:4] and len(hand.stock) == 104 - 28 and hand.table == ()
        assert hand.turn == first and not hasattr(started, "upcard")


def test_own_opening_a_first_play_may_only_add_melds_of_the_seat_s_own_cards():
    state = given([["7D", "8C", "QS", "KS", "AS"], *OTHERS], TABLE, own_opening=True)
    with pytest.raises(OpeningTouchesTable) as refused:
        when(state, Play(0, [["4C", "5C", "6C", "7C", "8C"], ["7S", "7H", "7D"]]))
    assert refused.value.code == "opening_touches_table"
    with pytest.raises(OpeningTouchesTable):  # a lay-off touches a meld too
        when(state, Play(0, [["4C", "5C", "6C"], ["7S", "7H", "7C", "7D"]]))
    (event,) = when(state, Play(0, [*TABLE, ["QS", "KS", "AS"]]))
    assert event == TableRearranged(0, ("QS", "KS", "AS"), TABLE + (("QS", "KS", "AS"),))


def test_own_opening_a_seat_that_has_opened_rearranges_freely():
    state = given([["7D", "8C", "2H"], *OTHERS], TABLE, own_opening=True, opened=(True, False, False))
    assert when(state, Play(0, [["4C", "5C", "6C", "7C", "8C"], ["7S", "7H", "7D"]]))[0].cards == ("7D", "8C")


def test_own_opening_a_seat_with_no_meld_of_its_own_cannot_play_so_it_draws():
    state = given([["7D", "8C", "2H"], *OTHERS], TABLE, own_opening=True, stock=["KD", "9C"], draw_rule="one")
    assert options(see(state, 0)) == [("draw",)]
    assert [type(e).__name__ for e in when(state, Draw(0))] == ["CardDrawn"]
    opened = given([["7D", "8C", "2H"], *OTHERS], TABLE, own_opening=True, opened=(True, False, False))
    with pytest.raises(MustPlay):
        when(opened, Draw(0))


def test_the_listing_offers_the_best_play_first_then_new_melds_and_single_lay_offs():
    state = given([["7D", "8C", "2H", "QS", "KS", "AS"], *OTHERS], TABLE)
    listed = options(see(state, 0))
    assert listed[0] == ("play", (("4C", "5C", "6C", "7C", "8C"), ("7S", "7H", "7D"), ("QS", "KS", "AS")))
    assert ("play", (("4C", "5C", "6C"), ("7S", "7H", "7D", "7C"))) in listed  # 7D laid off
    assert ("play", (("4C", "5C", "6C"), ("7S", "7H", "7C"), ("QS", "KS", "AS"))) in listed  # a new meld
    assert ("draw",) not in listed
    for option in listed:  # each is accepted as it is
        assert isinstance(when(state, Play(0, option[1]))[0], TableRearranged)
    assert options(see(state, 1)) == []  # not its turn


def test_draw_is_listed_only_as_the_sole_move():
    state = given([["2H", "9D"], *OTHERS], TABLE)
    assert options(see(state, 0)) == [("draw",)]


def test_the_greedy_bot_plays_the_most_cards_then_sheds_the_most_points():
    state = given([["7D", "8C", "2H", "QS", "KS", "AS"], *OTHERS], TABLE)
    command = POLICIES["greedy"](see(state, 0), random.Random(1))
    assert command == Play(0, (("4C", "5C", "6C", "7C", "8C"), ("7S", "7H", "7D"), ("QS", "KS", "AS")))
    # (ties between plays of as many cards go to the most penalty points: tests/test_manipulation_solver.py)
    stuck = given([["2H", "9D"], *OTHERS], TABLE)
    assert POLICIES["greedy"](see(stuck, 0), random.Random(1)) == Draw(0)


def test_the_random_bot_picks_among_the_listed_actions_and_is_seeded():
    state = given([["7D", "8C", "2H", "QS", "KS", "AS"], *OTHERS], TABLE)
    view = see(state, 0)
    picks = {POLICIES["random"](view, random.Random(seed)) for seed in range(30)}
    listed = {Play(0, o[1]) for o in options(view)}
    assert picks <= listed and len(picks) > 1
    assert POLICIES["random"](view, random.Random(7)) == POLICIES["random"](view, random.Random(7))


def test_the_variant_is_hosted_with_its_options_and_defaults():
    variant = registry.named("manipulation")
    assert variant.players == (3, 5) and sorted(variant.commands) == ["draw", "play"]
    rules = variant.rules({})
    assert (rules.draw_rule, rules.own_opening, rules.target_score, rules.max_hands) == ("until_able", False, 200,
                                                                                            100)
    assert len(rules.pack(4)) == 104 and sorted(rules.pack(3)) == sorted(DECK)

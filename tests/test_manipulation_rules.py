"""Manipulation Rummy's rules (docs/rules/manipulation.md) as
given a position -> when a command -> then events or an error."""

import pytest

from domain.kernel import errors as err
from domain.kernel.commands import Draw
from domain.manipulation.commands import Play
from domain.manipulation.errors import InvalidTable, MustPlay, NothingPlayed, TableCardRemoved
from domain.manipulation.events import CardDrawn, GameEnded, HandEnded, HandResult, TableRearranged, TurnPassed
from domain.manipulation.melds import canonical_table, penalty
from tests.manipulation_builders import DECK, SALT, given, then, when

TABLE = (("4C", "5C", "6C"), ("7C", "7H", "7S"))
NEW = (("4C", "5C", "6C", "7C", "8C"), ("7S", "7H", "7D"))
OTHERS = (["9S", "9H", "JD"], ["3D", "QC", "5H"])


def test_the_acceptance_case_regroups_the_table_around_two_hand_cards():
    state = given([["7D", "8C", "2H"], *OTHERS], TABLE)
    events = when(state, Play(0, [["4C", "5C", "6C", "7C", "8C"], ["7S", "7H", "7D"]]))
    assert events == [TableRearranged(0, ("7D", "8C"), NEW)]
    after = then(state, Play(0, NEW))
    assert after.hand.table == NEW and after.hand.hands[0] == ("2H",) and after.hand.turn == 1


def test_the_table_is_stored_canonical_whatever_the_order_submitted():
    state = given([["7D", "8C", "2H"], *OTHERS], TABLE)
    shuffled = [["7D", "7S", "7H"], ["8C", "6C", "4C", "7C", "5C"]]
    (event,) = when(state, Play(0, shuffled))
    assert event.table == (("4C", "5C", "6C", "7C", "8C"), ("7S", "7H", "7D")) == canonical_table(shuffled)


def test_emptying_the_hand_wins_it_and_the_others_pay_their_penalties():
    state = given([["7D", "8C"], ["AS", "KD", "10H"], ["2C", "9C"]], TABLE)
    events = when(state, Play(0, NEW))
    assert events[0] == TableRearranged(0, ("7D", "8C"), NEW)
    assert events[1] == HandEnded(0, "out", (HandResult(0, 0, 0, 0), HandResult(1, 3, 35, 35),
                                             HandResult(2, 2, 10, 10)), DECK, SALT)
    assert len(events) == 2


def test_penalties_are_15_for_an_ace_10_for_ten_to_king_and_5_below():
    assert [penalty(c) for c in ("AS", "KD", "QH", "JC", "10S", "9S", "2D")] == [15, 10, 10, 10, 10, 5, 5]


def test_a_play_that_drops_a_table_card_is_refused_and_changes_nothing():
    state = given([["7D", "8C", "2H"], *OTHERS], TABLE)
    with pytest.raises(TableCardRemoved) as refused:
        when(state, Play(0, [["5C", "6C", "7C", "8C"], ["7S", "7H", "7D"]]))
    assert refused.value.code == "table_card_removed"
    assert then(state, Play(0, NEW)).version == state.version + 1  # the state was not touched


def test_every_group_must_be_a_meld_of_cards_held():
    state = given([["7D", "8C", "2H", "QS", "KS", "AS", "AH", "2S", "3S", "9H", "9H", "9D"], *OTHERS], TABLE)
    with pytest.raises(err.InvalidMeld):
        when(state, Play(0, [["4C", "5C", "6C", "7C", "8C"], ["7S", "7H"], ["7D", "2H"]]))
    with pytest.raises(err.CardNotInHand):
        when(state, Play(0, [["4C", "5C", "6C", "7C", "8C", "9C"], ["7S", "7H", "7D"]]))
    with pytest.raises(NothingPlayed):
        when(state, Play(0, [["4C", "5C", "6C"], ["7S", "7H", "7C"]]))
    with pytest.raises(InvalidTable):
        when(state, Play(0, "4C 5C 6C"))
    with pytest.raises(err.InvalidCard):
        when(state, Play(0, [["4C", "5C", "6C"], ["7S", "7H", "7C"], ["XX", "QS", "KS"]]))
    # the ace is high only: Q-K-A is a run, A-2-3 is not; a set repeats no suit
    assert when(state, Play(0, [*TABLE, ["QS", "KS", "AS"]]))[0].cards == ("QS", "KS", "AS")
    with pytest.raises(err.InvalidMeld):
        when(state, Play(0, [*TABLE, ["AS", "2S", "3S"]]))
    with pytest.raises(err.InvalidMeld):
        when(state, Play(0, [*TABLE, ["9H", "9H", "9D"]]))


def test_must_play_a_draw_is_refused_while_a_play_exists():
    state = given([["7D", "8C", "2H"], *OTHERS], TABLE)
    with pytest.raises(MustPlay) as refused:
        when(state, Draw(0))
    assert (refused.value.code, refused.value.kind) == ("must_play", "conflict")


def test_until_able_draws_one_card_at_a_time_until_the_seat_can_play_then_it_must():
    state = given([["2H", "9D"], *OTHERS], TABLE, stock=["KD", "3C", "8C", "5S"])
    assert when(state, Draw(0)) == [CardDrawn(0, "KD"), CardDrawn(0, "3C")]  # 3C lays off on 4C 5C 6C
    after = then(state, Draw(0))
    assert after.hand.turn == 0 and after.hand.stock == ("8C", "5S")
    with pytest.raises(MustPlay):
        when(after, Draw(0))


def test_draw_rule_one_draws_one_card_and_the_turn_ends():
    state = given([["2H", "9D"], *OTHERS], TABLE, stock=["KD", "3C"], draw_rule="one")
    assert when(state, Draw(0)) == [CardDrawn(0, "KD")]
    after = then(state, Draw(0))
    assert after.hand.turn == 1 and after.hand.hands[0] == ("2H", "9D", "KD")


def test_draw_rule_one_ends_the_turn_even_when_the_card_drawn_plays():
    state = given([["2H", "9D"], *OTHERS], TABLE, stock=["3C", "KD"], draw_rule="one")
    assert when(state, Draw(0)) == [CardDrawn(0, "3C")]
    assert then(state, Draw(0)).hand.turn == 1


def test_a_seat_that_draws_the_stock_out_without_a_play_passes():
    state = given([["2H", "9D"], ["7D", "QD", "KC"], ["5H", "JH", "AD"]], TABLE, stock=["KD"])
    events = when(state, Draw(0))
    assert events == [CardDrawn(0, "KD"), TurnPassed(0)]  # seat 1 can lay 7D off: it is to play
    assert then(state, Draw(0)).hand.turn == 1


BLOCKING = (("4C", "5C", "6C"), ("9S", "9H", "9C"))
BLOCKED_HANDS = [["7C", "2H", "5D"], ["QD", "KH"], ["5H", "AD", "JH", "10S"]]
AFTER_7C = (("4C", "5C", "6C", "7C"), ("9S", "9H", "9C"))


def test_the_hand_is_blocked_when_every_seat_passes_in_a_row_with_the_stock_empty():
    state = given(BLOCKED_HANDS, BLOCKING, stock=[])
    with pytest.raises(MustPlay):  # seat 0 can play 7C, so it must
        when(state, Draw(0))
    events = when(state, Play(0, AFTER_7C))
    assert events[:4] == [TableRearranged(0, ("7C",), AFTER_7C), TurnPassed(1), TurnPassed(2), TurnPassed(0)]
    assert events[4:] == [HandEnded(0, "blocked", (HandResult(0, 2, 10, 10), HandResult(1, 2, 20, 20),
                                                   HandResult(2, 4, 40, 40)), DECK, SALT)]


def test_the_game_ends_after_the_hand_that_brings_a_total_to_200_and_the_lowest_total_wins():
    state = given(BLOCKED_HANDS, BLOCKING, stock=[], totals=(150, 180, 130))
    events = when(state, Play(0, AFTER_7C))
    assert events[-1] == GameEnded((0,), (160, 200, 170), "target")
    tied = when(given(BLOCKED_HANDS, BLOCKING, stock=[], totals=(150, 180, 120)), Play(0, AFTER_7C))
    assert tied[-1] == GameEnded((0, 2), (160, 200, 160), "target")
    below = when(given(BLOCKED_HANDS, BLOCKING, stock=[], totals=(150, 179, 120)), Play(0, AFTER_7C))
    assert isinstance(below[-1], HandEnded)  # 199 is not 200: the game goes on

"""A turn, in order: pick up, draw, aces, meld, discard (docs/rules/iceberg.md), as
given events -> when a command -> then events or an error."""

import pytest

from domain.iceberg.commands import Discard, Draw, LayOff, Meld, Pickup
from domain.iceberg.errors import MustPickUp
from domain.iceberg.events import AceRevealed, CardDiscarded, CardDrawn, CardPickedUp, CardsLaidOff, MeldLaid
from domain.iceberg.evolve import fold
from domain.kernel import errors as err
from tests.builders import dealt, when
from tests.worked_example import A, B, C, given_deal

EXAMPLE = given_deal()
A_DREW = EXAMPLE + [CardDrawn(0, "3C"), AceRevealed(0, "AD")]
A_PASSED = A_DREW + [MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30), CardDiscarded(0, 2, "JH")]
B_PASSED = A_PASSED + [CardDrawn(1, "6C"), MeldLaid(1, "m2", "pair", ("JD", "JC"), 10), CardDiscarded(1, 0, "8D")]


def test_the_deal_gives_deck_k_to_seat_first_plus_k_and_the_rest_is_stock():
    hand = fold(EXAMPLE).hand
    assert hand.hands == (tuple(A), tuple(B), tuple(C))
    assert hand.deck[21:25] == ("3C", "6C", "AC", "QS") and hand.stock == 52 - 21


def test_early_in_a_hand_nothing_waits_so_the_first_player_draws():
    assert fold(EXAMPLE).hand.phase == "draw"
    with pytest.raises(err.MustDraw):
        when(EXAMPLE, Pickup(0))


def test_draw_takes_the_top_of_the_stock_and_reveals_a_dealt_ace_at_once():
    assert when(EXAMPLE, Draw(0)) == [CardDrawn(0, "3C"), AceRevealed(0, "AD")]


def test_a_drawn_ace_is_revealed_at_once():
    given = B_PASSED + [CardPickedUp(2, "JH")]
    assert when(given, Draw(2)) == [CardDrawn(2, "AC"), AceRevealed(2, "AC")]


def test_every_ace_in_hand_goes_up_after_the_draw():
    c = ["6S", "2H", "9H", "4D", "2D", "KC", "QC"]
    given = dealt([["AS", "AH", "5C", "6C", "9D", "10D", "KH"], B, c], stock=["AD", "2S"])
    assert when(given, Draw(0)) == [CardDrawn(0, "AD"), AceRevealed(0, "AS"), AceRevealed(0, "AH"),
                                    AceRevealed(0, "AD")]


def test_only_the_seat_to_move_may_act():
    with pytest.raises(err.NotYourTurn):
        when(EXAMPLE, Draw(1))


def test_a_seat_outside_the_table_is_refused():
    with pytest.raises(err.NoSuchSeat):
        when(EXAMPLE, Draw(7))


def test_nothing_is_melded_or_discarded_before_the_draw():
    with pytest.raises(err.MustDraw):
        when(EXAMPLE, Meld(0, ("9S", "8S", "7S")))
    with pytest.raises(err.MustDraw):
        when(EXAMPLE, Discard(0, "JH"))


def test_drawing_twice_is_refused():
    with pytest.raises(err.AlreadyDrawn):
        when(A_DREW, Draw(0))
    with pytest.raises(err.AlreadyDrawn):
        when(A_DREW, Pickup(0))


def test_a_discard_goes_face_down_to_the_previous_seat():
    assert when(A_DREW, Discard(0, "JH")) == [CardDiscarded(0, 2, "JH")]
    assert fold(A_PASSED).hand.waiting == (None, None, "JH")


def test_the_passed_card_must_be_picked_up_first():
    given = B_PASSED
    assert fold(given).hand.phase == "pickup"
    for command in (Draw(2), Meld(2, ("10D", "9D", "8D")), Discard(2, "KC")):
        with pytest.raises(MustPickUp):
            when(given, command)
    assert when(given, Pickup(2)) == [CardPickedUp(2, "JH")]


def test_the_next_seat_picks_up_what_the_seat_after_it_discarded():
    # seat 0 picks up the card seat 1 passed to it
    given = B_PASSED + [CardPickedUp(2, "JH"), CardDrawn(2, "AC"), AceRevealed(2, "AC"), CardDiscarded(2, 1, "2D")]
    assert when(given, Pickup(0)) == [CardPickedUp(0, "8D")]


def test_in_a_two_player_game_both_neighbours_are_the_same_seat():
    given = dealt([A, B], stock=["3C", "6C"])
    given += [CardDrawn(0, "3C"), AceRevealed(0, "AD")]
    assert when(given, Discard(0, "JH")) == [CardDiscarded(0, 1, "JH")]
    given += [CardDiscarded(0, 1, "JH")]
    assert when(given, Pickup(1)) == [CardPickedUp(1, "JH")]


def test_cards_not_held_are_refused():
    with pytest.raises(err.CardNotInHand):
        when(A_DREW, Meld(0, ("KS", "KH", "KD")))
    with pytest.raises(err.CardNotInHand):
        when(A_DREW, Discard(0, "AD"))  # the ace is face up, not in hand
    with pytest.raises(err.CardNotInHand):
        when(A_DREW, Meld(0, ("9S", "9S")))  # one deck: only one 9S


def test_a_string_that_is_no_card_is_refused():
    with pytest.raises(err.InvalidCard):
        when(A_DREW, Discard(0, "1X"))


def test_melding_is_voluntary_and_repeatable_in_a_turn():
    given = B_PASSED + [CardPickedUp(2, "JH"), CardDrawn(2, "AC"), AceRevealed(2, "AC")]
    first = when(given, LayOff(2, "m2", ("JH",)))
    assert first == [CardsLaidOff(2, "m2", ("JH",), 20)]
    assert when(given + first, LayOff(2, "m1", ("6S",))) == [CardsLaidOff(2, "m1", ("6S",), 40)]


def test_an_illegal_command_changes_nothing():
    state = fold(A_DREW)
    for command in (Meld(0, ("JH", "QD")), Discard(0, "KS"), LayOff(0, "m9", ("JH",)), Draw(1)):
        with pytest.raises(err.RuleViolation):
            when(A_DREW, command)
    assert fold(A_DREW) == state

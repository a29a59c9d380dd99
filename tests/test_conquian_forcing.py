"""Conquian's forcing (docs/rules/conquian.md): a declined card that lays off
on one of the decliner's own melds as they stand is answered by the opponent,
`force` (the decliner must take it) or `allow` (the decline goes ahead); the
answering seat is the seat to act, with its own deadline in a timed game."""

from datetime import datetime, timedelta, timezone

import pytest

from domain.conquian.actions import legal_actions
from domain.conquian.commands import Allow, Decline, Discard, Force, Take
from domain.conquian.errors import MustAnswer, MustTake
from domain.conquian.events import (
    CardDeclined,
    CardForced,
    CardLeft,
    CardTurnedDown,
    ExposedCardMelded,
    ForceWaived,
    StockCardTurned,
)
from domain.conquian.evolve import fold
from domain.engine import play
from domain.kernel import errors as err
from domain.kernel.bodies import body_of
from domain.kernel.turns import DeadlineSet, TimeOut, TurnTimedOut, iso
from tests.conquian_builders import ANN, BOB, after, dealt, when

BOB_CARDS = ["6H", "7H", "JS", "JC", "AS", "2D", "3C", "4S", "QD", "KC"]
ANN_CARDS = ["2S", "3S", "5D", "6C", "KH", "QS", "KD", "AD", "4C", "7D"]
STOCK = ["5H", "QH", "2H"]


def facing_5h(**rules):
    """Bob melded 6H 7H JH from the upcard and threw KC; Ann turned KC down, turned
    5H and left it: Bob faces 5H, which lays off on his run."""
    given = dealt(BOB_CARDS, ANN_CARDS, "JH", stock=STOCK, **rules)
    return after(given, Take(BOB, [["6H", "7H", "JH"]]), Discard(BOB, "KC"), Decline(ANN), Decline(ANN))


FACING = facing_5h()
ASKED = after(FACING, Decline(BOB))  # Ann must answer


def test_declining_a_card_that_lays_off_hands_the_turn_to_the_opponent_to_answer():
    assert when(FACING, Decline(BOB)) == [CardDeclined(BOB, "5H", True)]
    state = fold(ASKED)
    assert (state.turn_seat, state.hand.phase, state.hand.exposed) == (ANN, "answer", "5H")
    assert [body_of(c) for c in legal_actions(state, ANN)] == [{"type": "force"}, {"type": "allow"}]
    assert legal_actions(state, BOB) == []
    with pytest.raises(err.NotYourTurn):
        when(ASKED, Take(BOB, [["5H", "6H", "7H", "JH"]]))
    for command in (Decline(ANN), Discard(ANN, "2S")):
        with pytest.raises(MustAnswer):
            when(ASKED, command)


def test_a_forced_take_the_decliner_cannot_refuse_then_discards():
    assert when(ASKED, Force(ANN)) == [CardForced(ANN, "5H")]
    forced = after(ASKED, Force(ANN))
    assert (fold(forced).turn_seat, fold(forced).hand.phase) == (BOB, "forced")
    assert {body_of(c)["type"] for c in legal_actions(fold(forced), BOB)} == {"take"}
    for command in (Decline(BOB), Discard(BOB, "AS")):
        with pytest.raises(MustTake):
            when(forced, command)
    # melded any legal way: here with the two jacks of his hand too
    events = when(forced, Take(BOB, [["5H", "6H", "7H"], ["JS", "JH", "JC"]]))
    assert events == [ExposedCardMelded(BOB, "5H", True, ("JS", "JC"), (("5H", "6H", "7H"), ("JS", "JH", "JC")))]
    assert fold(forced + events).hand.phase == "discard"


def test_allow_lets_the_decline_of_a_card_faced_at_the_start_of_the_turn_go_ahead():
    events = when(ASKED, Allow(ANN))
    assert events == [ForceWaived(ANN, "5H"), CardTurnedDown(BOB, "5H"), StockCardTurned(BOB, "QH")]
    hand = fold(ASKED + events).hand
    assert (hand.turn, hand.phase, hand.exposed, hand.dead) == (BOB, "turned", "QH", ("KC", "5H"))


def test_a_card_the_decliner_turned_is_forceable_too_and_after_allow_it_is_left():
    turned = after(ASKED, Allow(ANN))  # Bob turned QH, which lays off on 6H 7H JH
    assert when(turned, Decline(BOB)) == [CardDeclined(BOB, "QH", True)]
    asked = after(turned, Decline(BOB))
    assert when(asked, Allow(ANN)) == [ForceWaived(ANN, "QH"), CardLeft(BOB, "QH")]
    hand = fold(after(asked, Allow(ANN))).hand
    assert (hand.turn, hand.phase, hand.exposed) == (ANN, "face", "QH")


def test_without_forcing_no_decline_is_forceable():
    given = facing_5h(forcing=False)
    assert when(given, Decline(BOB)) == [CardDeclined(BOB, "5H", False), CardTurnedDown(BOB, "5H"),
                                         StockCardTurned(BOB, "QH")]


def test_only_a_plain_lay_off_on_a_meld_as_it_stands_is_forceable():
    """Bob melded the eight hearts A to J: QH would make nine, so his decline of it is not forceable,
    though QH and the hand's KH would fit after a rearrangement."""
    bob = ["AH", "2H", "3H", "4H", "5H", "6H", "JH", "KH", "JS", "KC"]
    ann = ["2S", "3S", "5D", "6C", "QS", "QD", "KD", "AD", "4C", "7D"]
    eight = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "JH"]
    given = after(dealt(bob, ann, "7H", stock=["QH", "2C"]), Take(BOB, [eight]), Discard(BOB, "KC"), Decline(ANN),
                  Decline(ANN))
    assert fold(given).hand.exposed == "QH"
    assert when(given, Decline(BOB))[0] == CardDeclined(BOB, "QH", False)
    with pytest.raises(err.InvalidMeld):  # runs hold 8 cards at most
        when(given, Take(BOB, [eight + ["QH"]]))
    legal = when(given, Take(BOB, [["AH", "2H", "3H"], ["4H", "5H", "6H", "7H", "JH", "QH", "KH"]]))
    assert legal[0].from_hand == ("KH",)


NOW = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)


def test_the_answering_seat_is_the_seat_to_act_with_a_deadline_of_its_own_and_its_timeout_is_played():
    state = fold(facing_5h(turn_timeout_s=60))
    events, state = play(state, Decline(BOB), now=NOW)
    answer_by = iso(NOW + timedelta(seconds=60))
    assert events == [CardDeclined(BOB, "5H", True), DeadlineSet(ANN, answer_by)]
    assert (state.turn_seat, state.deadline) == (ANN, answer_by)
    # Ann never answers: the greedy bot answers for her (Bob holds 7 cards: it forces), and Bob's turn begins
    late = NOW + timedelta(seconds=61)
    events, state = play(state, TimeOut(answer_by), now=late)
    assert events == [TurnTimedOut(ANN, answer_by), CardForced(ANN, "5H"),
                      DeadlineSet(BOB, iso(late + timedelta(seconds=60)))]
    assert (state.turn_seat, state.hand.phase) == (BOB, "forced")

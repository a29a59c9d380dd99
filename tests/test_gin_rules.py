"""Gin's rules (docs/rules/gin.md) as given events -> when a command -> then
events or an error."""

import pytest

from domain.engine import play
from domain.gin.actions import legal_actions
from domain.gin.commands import Discard, Draw, Knock, Layoff, Pass, Show
from domain.gin.decide import first_dealer
from domain.gin.errors import DeadwoodTooHigh, MustShow, NoKnock
from domain.gin.events import (
    CardDiscarded,
    CardDrawn,
    HandEnded,
    HandResult,
    HandShown,
    Knocked,
    UpcardPassed,
)
from domain.gin.evolve import fold
from domain.gin.rules import Rules
from domain.kernel import errors as err
from domain.kernel.deals import Deal, commitment
from domain.kernel.players import CreateGame
from tests.gin_builders import PLAYERS, SALT, after, dealt, stacked_deck, when

# Ann (seat 0) deals; Bob (seat 1), the non-dealer, is offered the upcard 2H first.
BOB = ["AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "KD"]  # melds, and KD (10) dead
ANN = ["4S", "10C", "QH", "QS", "QD", "5H", "6H", "7H", "JC", "KC"]  # QQQ, 5H-6H-7H; 4S 10C JC KC dead
WORKED = dealt(BOB, ANN, "2H", stock=["9H", "KH"])
BOB_MELDS = (("AS", "2S", "3S"), ("4H", "4D", "4C"), ("7C", "8C", "9C"))
BOTH_PASSED = after(WORKED, Pass(1), Pass(0))


def test_ten_cards_each_one_at_a_time_non_dealer_first_then_the_upcard():
    state = fold(WORKED)
    hand = state.hand
    assert hand.hands == (tuple(ANN), tuple(BOB))
    assert hand.discards == ("2H",) and hand.stock == 31 and hand.deck[21] == "9H"
    assert (hand.dealer, hand.turn, hand.phase) == (0, 1, "upcard")
    assert state.turn_seat == 1


def test_the_first_dealer_is_drawn_with_the_deal_and_the_deal_alternates():
    deck = stacked_deck(BOB, ANN, "2H")
    salts = ["a1", "b2", "c3", "d4"]
    dealers = []
    for salt in salts:
        events, state = play(None, CreateGame(PLAYERS, Rules(max_hands=3), "gin"), lambda _, salt=salt: Deal(deck, salt))
        started = events[-1]
        assert started.dealer == first_dealer(commitment(deck, salt)) == int(commitment(deck, salt), 16) % 2
        assert started.upcard == "2H" and started.hand == 0
        dealers.append(started.dealer)
        # a dead hand: both pass, then stock draws thrown back until the wall; the next deal is the other's
        while state.hands_played == 0:
            seat = state.turn_seat
            command = Pass(seat) if state.hand.phase == "upcard" else (
                Draw(seat, "stock") if state.hand.phase == "draw" else Discard(seat, state.hand.hands[seat][-1]))
            events, state = play(state, command, lambda _, salt=salt: Deal(deck, salt))
        assert [e.reason for e in events if isinstance(e, HandEnded)] == ["wall"]
        assert events[-1].dealer == 1 - started.dealer and events[-1].hand == 1
    assert set(dealers) == {0, 1}, "the commitment decides, so either seat may deal first"


# --- the first upcard ----------------------------------------------------------------------------------------------

def test_the_non_dealer_may_take_the_upcard_as_its_draw_and_then_discards():
    assert when(WORKED, Draw(1, "discard")) == [CardDrawn(1, "2H", "discard")]
    given = after(WORKED, Draw(1, "discard"))
    assert when(given, Discard(1, "KD")) == [CardDiscarded(1, "KD")]
    # then the dealer has an ordinary turn: stock or discard pile
    given = after(given, Discard(1, "KD"))
    assert {(c.source) for c in legal_actions(fold(given), 0)} == {"stock", "discard"}
    assert when(given, Draw(0, "discard")) == [CardDrawn(0, "KD", "discard")]


def test_only_the_non_dealer_is_offered_the_upcard_first_and_it_is_take_or_pass():
    with pytest.raises(err.NotYourTurn):
        when(WORKED, Pass(0))
    with pytest.raises(err.UpcardOffered):
        when(WORKED, Draw(1, "stock"))
    with pytest.raises(err.UpcardOffered):
        when(WORKED, Discard(1, "KD"))
    assert sorted(type(c).__name__ for c in legal_actions(fold(WORKED), 1)) == ["Draw", "Pass"]
    assert legal_actions(fold(WORKED), 0) == []


def test_after_a_pass_the_dealer_may_take_the_upcard():
    assert when(WORKED, Pass(1)) == [UpcardPassed(1)]
    given = after(WORKED, Pass(1))
    state = fold(given)
    assert (state.hand.turn, state.hand.phase) == (0, "upcard")
    with pytest.raises(err.UpcardOffered):
        when(given, Draw(0, "stock"))
    assert when(given, Draw(0, "discard")) == [CardDrawn(0, "2H", "discard")]
    given = after(given, Draw(0, "discard"))
    with pytest.raises(err.TakenCard):
        when(given, Discard(0, "2H"))
    given = after(given, Discard(0, "KC"))
    # the non-dealer then draws as in any turn, from either pile
    assert when(given, Draw(1, "discard")) == [CardDrawn(1, "KC", "discard")]


def test_when_both_pass_the_non_dealer_draws_from_the_stock():
    assert when(after(WORKED, Pass(1)), Pass(0)) == [UpcardPassed(0)]
    state = fold(BOTH_PASSED)
    assert (state.hand.turn, state.hand.phase) == (1, "draw")
    with pytest.raises(err.MustDraw):
        when(BOTH_PASSED, Draw(1, "discard"))
    with pytest.raises(err.CannotPass):
        when(BOTH_PASSED, Pass(1))
    assert legal_actions(state, 1) == [Draw(1, "stock")]
    assert when(BOTH_PASSED, Draw(1, "stock")) == [CardDrawn(1, "9H", "stock")]
    # and from then on the upcard may be taken as any discard
    given = after(BOTH_PASSED, Draw(1, "stock"), Discard(1, "9H"))
    assert when(given, Draw(0, "discard")) == [CardDrawn(0, "9H", "discard")]


# --- a turn --------------------------------------------------------------------------------------------------------

def test_a_card_taken_from_the_discard_pile_may_not_be_discarded_in_the_same_turn():
    given = after(WORKED, Draw(1, "discard"))
    with pytest.raises(err.TakenCard):
        when(given, Discard(1, "2H"))
    with pytest.raises(err.TakenCard):
        when(given, Knock(1, "2H", BOB_MELDS))
    assert Discard(1, "2H") not in legal_actions(fold(given), 1)
    # a card drawn from the stock may be thrown at once
    given = after(BOTH_PASSED, Draw(1, "stock"))
    assert when(given, Discard(1, "9H")) == [CardDiscarded(1, "9H")]
    # and the taken card may be discarded on a later turn
    given = after(WORKED, Draw(1, "discard"), Discard(1, "KD"), Draw(0, "stock"), Discard(0, "9H"),
                  Draw(1, "stock"))
    assert when(given, Discard(1, "2H")) == [CardDiscarded(1, "2H")]


def test_one_draw_per_turn_and_nothing_before_it():
    given = after(BOTH_PASSED, Draw(1, "stock"))
    with pytest.raises(err.AlreadyDrawn):
        when(given, Draw(1, "stock"))
    with pytest.raises(err.MustDraw):
        when(BOTH_PASSED, Discard(1, "KD"))
    with pytest.raises(err.MustDraw):
        when(BOTH_PASSED, Knock(1, "KD", BOB_MELDS))
    with pytest.raises(err.CardNotInHand):
        when(given, Discard(1, "QH"))
    with pytest.raises(err.InvalidCard):
        when(given, Discard(1, "1X"))


# --- knocking ------------------------------------------------------------------------------------------------------

def test_a_worked_knock_the_defender_lays_off_and_the_knocker_scores_the_difference():
    given = after(WORKED, Draw(1, "discard"))
    assert when(given, Knock(1, "KD", BOB_MELDS)) == [Knocked(1, "KD", BOB_MELDS, ("2H",), 2, False)]
    given = after(given, Knock(1, "KD", BOB_MELDS))
    state = fold(given)
    assert (state.turn_seat, state.hand.phase, state.hand.hands[1]) == (0, "show", ())
    # Ann melds QH QS QD and 5H 6H 7H, lays 4S on Bob's spade run and 10C JC on his club run: KC (10) is left
    show = Show(0, (("QH", "QS", "QD"), ("5H", "6H", "7H")), (Layoff(0, ("4S",)), Layoff(2, ("10C", "JC"))))
    deck = fold(WORKED).hand.deck
    assert when(given, show) == [
        HandShown(0, (("QS", "QH", "QD"), ("5H", "6H", "7H")), (Layoff(0, ("4S",)), Layoff(2, ("10C", "JC"))),
                  ("KC",), 10),
        HandEnded(0, "knock", (HandResult(0, 10, 0, 0), HandResult(1, 2, 8, 0)), deck, SALT)]
    # the listed show is the best defence, worth the same 10
    (listed,) = legal_actions(state, 0)
    assert when(given, listed)[0].deadwood_points == 10


def test_the_knock_limit_is_ten():
    ten = after(WORKED, Pass(1), Pass(0), Draw(1, "stock"))  # Bob draws 9H: AS-3S, 4s, 7C-9C, KD 9H
    assert when(ten, Knock(1, "9H", BOB_MELDS)) == [Knocked(1, "9H", BOB_MELDS, ("KD",), 10, False)]
    eleven_hand = ["AS", "2S", "3S", "4H", "4D", "4C", "AH", "2D", "3C", "5D"]
    given = after(dealt(eleven_hand, ANN, "2H", stock=["KH"]), Pass(1), Pass(0), Draw(1, "stock"))
    with pytest.raises(DeadwoodTooHigh):
        when(given, Knock(1, "KH", (("AS", "2S", "3S"), ("4H", "4D", "4C"))))  # AH 2D 3C 5D: 11
    assert not any(isinstance(c, Knock) for c in legal_actions(fold(given), 1))
    # with a knock limit of 0 only gin knocks
    strict = after(dealt(BOB, ANN, "2H", stock=["9H"], knock_limit=0), Pass(1), Pass(0), Draw(1, "stock"))
    with pytest.raises(DeadwoodTooHigh):
        when(strict, Knock(1, "9H", BOB_MELDS))


def test_declared_melds_are_checked_and_scored_as_declared():
    given = after(WORKED, Draw(1, "discard"))
    with pytest.raises(err.InvalidMeld):
        when(given, Knock(1, "KD", (("AS", "2S", "4H"),)))
    with pytest.raises(err.CardNotInHand):
        when(given, Knock(1, "KD", (("QS", "QH", "QD"),)))
    with pytest.raises(err.CardNotInHand):  # the face-down card is not part of the spread
        when(given, Knock(1, "KD", (("AS", "2S", "3S"), ("JD", "QD", "KD"))))
    with pytest.raises(err.InvalidMeld):  # a card in two melds
        when(given, Knock(1, "KD", (("AS", "2S", "3S"), ("3S", "4H", "4D"))))
    with pytest.raises(DeadwoodTooHigh):  # 2H 7C 8C 9C left unmelded: 26
        when(given, Knock(1, "KD", (("AS", "2S", "3S"), ("4H", "4D", "4C"))))
    # a worse arrangement within the limit is a legal knock, scored as declared: gin was possible, 4 is declared
    gin_hand = ["AS", "2S", "3S", "4S", "5H", "5D", "5C", "7C", "8C", "9C"]
    given = after(dealt(gin_hand, ["6C", "10C", "QH", "QS", "QD", "5S", "JH", "2D", "3D", "KC"], "2H", stock=["KH"]),
                  Pass(1), Pass(0), Draw(1, "stock"))
    declared = (("AS", "2S", "3S"), ("5H", "5D", "5C"), ("7C", "8C", "9C"))
    assert when(given, Knock(1, "KH", declared)) == [Knocked(1, "KH", declared, ("4S",), 4, False)]
    # melds may be given in any order of cards: they are recorded sorted
    assert when(given, Knock(1, "KH", (("3S", "AS", "2S", "4S"), ("5C", "5H", "5D"), ("9C", "7C", "8C")))) == [
        Knocked(1, "KH", (("AS", "2S", "3S", "4S"), ("5H", "5D", "5C"), ("7C", "8C", "9C")), (), 0, True)]
    # the listing offers the best arrangement for every knockable discard
    assert [c for c in legal_actions(fold(given), 1) if isinstance(c, Knock)] == [
        Knock(1, "AS", (("2S", "3S", "4S"), ("5H", "5D", "5C"), ("7C", "8C", "9C"))),  # KH left: 10
        Knock(1, "4S", (("AS", "2S", "3S"), ("5H", "5D", "5C"), ("7C", "8C", "9C"))),  # KH left: 10
        Knock(1, "KH", (("AS", "2S", "3S", "4S"), ("5H", "5D", "5C"), ("7C", "8C", "9C")))]  # gin


def test_gin_scores_the_defenders_deadwood_plus_20_and_allows_no_lay_offs():
    gin_hand = ["AS", "2S", "3S", "4S", "5H", "5D", "5C", "7C", "8C", "9C"]
    defender = ["6C", "10C", "QH", "QS", "QD", "5S", "JH", "2D", "3D", "KC"]
    given = after(dealt(gin_hand, defender, "2H", stock=["KH"]), Pass(1), Pass(0), Draw(1, "stock"))
    melds = (("AS", "2S", "3S", "4S"), ("5H", "5D", "5C"), ("7C", "8C", "9C"))
    assert when(given, Knock(1, "KH", melds)) == [Knocked(1, "KH", melds, (), 0, True)]
    given = after(given, Knock(1, "KH", melds))
    with pytest.raises(err.InvalidLayoff):
        when(given, Show(0, (("QH", "QS", "QD"),), (Layoff(2, ("6C", "10C")),)))
    (listed,) = legal_actions(fold(given), 0)
    assert listed.layoffs == ()
    events = when(given, Show(0, (("QH", "QS", "QD"),), ()))
    dead = ("2D", "3D", "5S", "6C", "10C", "JH", "KC")
    assert events[0] == HandShown(0, (("QS", "QH", "QD"),), (), dead, 46)
    assert events[1].reason == "gin"
    assert events[1].results == (HandResult(0, 46, 0, 0), HandResult(1, 0, 66, 20))


def test_gin_is_never_undercut():
    gin_hand = ["AS", "2S", "3S", "4S", "5H", "5D", "5C", "7C", "8C", "9C"]
    also_gin = ["QH", "QS", "QD", "JH", "JS", "JD", "6D", "7D", "8D", "9D"]
    given = after(dealt(gin_hand, also_gin, "2H", stock=["KH"]), Pass(1), Pass(0), Draw(1, "stock"),
                  Knock(1, "KH", (("AS", "2S", "3S", "4S"), ("5H", "5D", "5C"), ("7C", "8C", "9C"))))
    events = when(given, Show(0, (("JH", "JS", "JD"), ("QH", "QS", "QD"), ("6D", "7D", "8D", "9D")), ()))
    assert events[1].reason == "gin"
    assert events[1].results == (HandResult(0, 0, 0, 0), HandResult(1, 0, 20, 20))


UNDERCUTTER = ["5H", "5S", "5D", "JH", "JS", "JD", "10H", "10S", "10D", "3D"]
KNOCKER_8 = ["AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "8D"]


def _knocked_8(defender):
    return after(dealt(KNOCKER_8, defender, "KS", stock=["QH"]), Pass(1), Pass(0), Draw(1, "stock"),
                 Knock(1, "QH", BOB_MELDS))


def test_an_undercut_the_defender_scores_the_difference_plus_10():
    given = _knocked_8(UNDERCUTTER)
    events = when(given, Show(0, (("5H", "5S", "5D"), ("10H", "10S", "10D"), ("JH", "JS", "JD")), ()))
    assert events[0].deadwood_points == 3
    assert events[1].reason == "undercut"
    assert events[1].results == (HandResult(0, 3, 15, 10), HandResult(1, 8, 0, 0))


def test_equal_deadwood_is_an_undercut():
    given = _knocked_8(UNDERCUTTER[:-1] + ["8H"])
    events = when(given, Show(0, (("5H", "5S", "5D"), ("10H", "10S", "10D"), ("JH", "JS", "JD")), ()))
    assert events[0].deadwood_points == 8
    assert events[1].reason == "undercut"
    assert events[1].results == (HandResult(0, 8, 10, 10), HandResult(1, 8, 0, 0))


def test_the_defenders_show_is_checked():
    given = _knocked_8(UNDERCUTTER)
    with pytest.raises(err.InvalidMeld):
        when(given, Show(0, (("5H", "5S", "3D"),), ()))
    with pytest.raises(err.NoSuchMeld):
        when(given, Show(0, (), (Layoff(7, ("3D",)),)))
    with pytest.raises(err.InvalidLayoff):
        when(given, Show(0, (), (Layoff(0, ("3D",)),)))
    with pytest.raises(err.InvalidLayoff):
        when(given, Show(0, (), ({"meld": 0},)))
    with pytest.raises(err.NotYourTurn):
        when(given, Show(1, (), ()))
    with pytest.raises(MustShow):
        when(given, Draw(0, "stock"))
    with pytest.raises(NoKnock):
        when(WORKED, Show(1, (), ()))
    # showing fewer melds than held is allowed and counts as shown
    assert when(given, Show(0, (), ()))[0].deadwood_points == 5 * 3 + 10 * 6 + 3

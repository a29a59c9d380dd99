"""Rummy's variations (docs/rules/rummy.md), each option on and off, as given
events -> when a command -> then events or an error: melds_per_turn,
layoff_after_own_meld, rummy_bonus, discard_to_go_out, and the scoring."""

import pytest

from domain.kernel import errors as err
from domain.rummy.commands import Discard, Draw, LayOff, Meld
from domain.rummy.errors import MeldLimit, MustLayOff, NoOwnMeld
from domain.rummy.events import CardDiscarded, CardDrawn, CardsLaidOff, HandResult, TurnEndedEmptyHanded
from domain.rummy.rules import Rules
from tests.rummy_builders import DISCARD_PILE, STOCK, dealt, fold, then, when

# seat 0 can go out in one turn with the upcard 2C; seat 1 holds 1+2+...: values below
OUT_HAND = ["KH", "KD", "KC", "8C", "8D", "8S", "AS", "2S", "3S", "4S"]
B_HAND = ["AD", "3D", "5D", "7D", "9D", "JD", "KS", "QC", "10C", "5C"]  # 1+3+5+7+9+10+10+10+10+5 = 70


def out_in_one_turn(**rules):
    """Given a hand that seat 0 takes the upcard in and melds down to it; when it discards it, the events."""
    given = dealt([OUT_HAND, B_HAND], "2C", melds_per_turn="any", **rules)
    down = then(given, Draw(0, DISCARD_PILE), Meld(0, ("KH", "KD", "KC")), Meld(0, ("8S", "8D", "8C")),
                Meld(0, ("AS", "2S", "3S", "4S")))
    return when(down, Discard(0, "2C"))


def out_after_an_earlier_meld(**rules):
    """Seat 0 melds one turn, goes out the next."""
    given = dealt([OUT_HAND, B_HAND], "2C", stock=["6H", "QD"], melds_per_turn="any", **rules)
    down = then(given, Draw(0, STOCK), Meld(0, ("KH", "KD", "KC")), Discard(0, "6H"), Draw(1, STOCK),
                Discard(1, "QD"), Draw(0, DISCARD_PILE), Meld(0, ("8S", "8D", "8C")), Meld(0, ("AS", "2S", "3S", "4S")))
    return when(down, Discard(0, "QD"))


# --- scoring ----------------------------------------------------------------------------------

def test_collect_the_seat_that_went_out_scores_the_others_hands():
    ended = out_in_one_turn()[1]
    assert ended.results == (HandResult(0, 0, 0, 70, True, True), HandResult(1, 10, 70, 0, False, False))
    assert fold(dealt([OUT_HAND, B_HAND], "2C")).totals == (0, 0)


def test_penalty_every_other_seat_scores_its_own_hand_and_the_one_out_zero():
    ended = out_in_one_turn(scoring="penalty")[1]
    assert ended.results == (HandResult(0, 0, 0, 0, True, True), HandResult(1, 10, 70, 70, False, False))


def test_the_values_are_ace_one_faces_ten():
    from domain.rummy.melds import hand_value
    assert hand_value(["AS", "2H", "9C", "10D", "JS", "QH", "KC"]) == 1 + 2 + 9 + 10 + 10 + 10 + 10


# --- rummy_bonus ------------------------------------------------------------------------------

@pytest.mark.parametrize("bonus, score", [("none", 70), ("plus10", 80), ("double", 140)])
def test_going_rummy_earns_the_bonus_the_rules_give(bonus, score):
    ended = out_in_one_turn(rummy_bonus=bonus)[1]
    assert ended.results[0].rummy and ended.results[0].score == score


@pytest.mark.parametrize("bonus", ["none", "plus10", "double"])
def test_a_seat_that_melded_in_an_earlier_turn_is_not_rummy(bonus):
    ended = out_after_an_earlier_meld(rummy_bonus=bonus)[1]
    first = ended.results[0]
    assert first.out and not first.rummy and first.score == 70  # B drew QD and threw it: its hand is as dealt


def test_a_lay_off_in_an_earlier_turn_also_spoils_rummy():
    given = dealt([OUT_HAND, ["5S", "6S", "7S", "QC"]], "JC", stock=["9D", "KS", "9S", "QD", "8H"],
                  melds_per_turn="any", rummy_bonus="double")
    # B melds a run; A lays 8S off on it (a lay-off, no meld of its own) and discards; A goes out next turn
    laid_off = then(given, Draw(0, STOCK), Discard(0, "9D"), Draw(1, STOCK), Meld(1, ("5S", "6S", "7S")),
                    Discard(1, "KS"), Draw(0, STOCK), LayOff(0, "m1", ("8S",)), Discard(0, "9S"),
                    Draw(1, STOCK), Discard(1, "QD"), Draw(0, STOCK), Meld(0, ("KH", "KD", "KC")),
                    Meld(0, ("AS", "2S", "3S", "4S")))
    events = when(laid_off, Meld(0, ("8H", "8D", "8C")))
    first = events[-1].results[0]
    assert first.out and not first.rummy and first.score == events[-1].results[1].value  # not doubled


def test_a_rummy_bonus_with_penalty_scoring_is_refused():
    with pytest.raises(err.InvalidRules) as refused:
        Rules.from_dict({"scoring": "penalty", "rummy_bonus": "plus10"})
    assert refused.value.code == "invalid_rules"
    assert Rules.from_dict({"scoring": "penalty", "rummy_bonus": "none"}).scoring == "penalty"


# --- melds_per_turn ---------------------------------------------------------------------------

def test_melds_per_turn_1_allows_one_new_meld_any_allows_more():
    given = dealt([OUT_HAND, B_HAND], "2C")
    one = then(given, Draw(0, DISCARD_PILE), Meld(0, ("KH", "KD", "KC")))
    with pytest.raises(MeldLimit):
        when(one, Meld(0, ("8S", "8D", "8C")))
    many = dealt([OUT_HAND, B_HAND], "2C", melds_per_turn="any")
    events = then(many, Draw(0, DISCARD_PILE), Meld(0, ("KH", "KD", "KC")), Meld(0, ("8S", "8D", "8C")))
    assert len(fold(events).hand.table) == 2


def test_the_limit_is_per_turn():
    given = dealt([OUT_HAND, B_HAND], "2C", stock=["6H", "QD"])
    events = then(given, Draw(0, STOCK), Meld(0, ("KH", "KD", "KC")), Discard(0, "6H"), Draw(1, STOCK),
                  Discard(1, "QD"), Draw(0, STOCK), Meld(0, ("8S", "8D", "8C")))
    assert len(fold(events).hand.table) == 2


# --- layoff_after_own_meld --------------------------------------------------------------------

B_MELDS = dealt([["5S", "6S", "7S", "QC"], ["8S", "KH", "KD", "KC"]], "2D", stock=["9H", "4D", "10C"])
B_OWNS_NONE = then(B_MELDS, Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "9H"), Draw(1, STOCK))


def test_without_the_option_a_seat_lays_off_with_no_meld_of_its_own():
    assert when(B_OWNS_NONE, LayOff(1, "m1", ("8S",))) == [CardsLaidOff(1, "m1", ("8S",), 8)]


def test_with_the_option_a_seat_lays_off_only_while_it_owns_a_meld():
    given = dealt([["5S", "6S", "7S", "QC"], ["8S", "KH", "KD", "KC"]], "2D", stock=["9H", "4D", "10C"],
                  layoff_after_own_meld=True)
    b_turn = then(given, Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "9H"), Draw(1, STOCK))
    with pytest.raises(NoOwnMeld) as refused:
        when(b_turn, LayOff(1, "m1", ("8S",)))
    assert refused.value.code == "no_own_meld" and refused.value.kind == err.CONFLICT
    owns = then(b_turn, Meld(1, ("KH", "KD", "KC")))  # laid this turn: it may lay off now
    assert when(owns, LayOff(1, "m1", ("8S",))) == [CardsLaidOff(1, "m1", ("8S",), 8)]


# --- discard_to_go_out ------------------------------------------------------------------------

# seat 0 melds all ten cards with the upcard 4S: 4S-8S, KH KD KC, 9H 9D 9C
EMPTY = ["5S", "6S", "7S", "8S", "KH", "KD", "KC", "9D", "9C", "9H"]
B_OTHER = ["AD", "3D", "6D", "JD", "QC", "5H", "2H", "8C", "10H", "4C"]


def emptied(stock):
    given = dealt([EMPTY, B_OTHER], "4S", stock=stock, melds_per_turn="any",
                  discard_to_go_out=True)
    return then(given, Draw(0, DISCARD_PILE), Meld(0, ("4S", "5S", "6S", "7S", "8S")), Meld(0, ("KH", "KD", "KC")))


def test_a_hand_emptied_by_melding_ends_the_turn_without_going_out():
    events = when(emptied(["QH", "2D", "10S"]), Meld(0, ("9H", "9D", "9C")))
    assert [type(e).__name__ for e in events] == ["MeldLaid", "TurnEndedEmptyHanded"]
    assert events[1] == TurnEndedEmptyHanded(0)
    hand = fold(emptied(["QH", "2D", "10S"]) + events).hand
    assert hand.turn == 1 and hand.phase == "draw" and hand.bare == (True, False) and hand.hands[0] == ()


def test_without_the_option_the_emptied_hand_is_out():
    given = dealt([EMPTY, B_OTHER], "4S", melds_per_turn="any")
    events = then(given, Draw(0, DISCARD_PILE), Meld(0, ("4S", "5S", "6S", "7S", "8S")), Meld(0, ("KH", "KD", "KC")),
                  Meld(0, ("9H", "9D", "9C")))
    assert fold(events).hand.phase == "ended" and fold(events).results[-1][0].out


def bare_turn(stock):
    """Seat 0 emptied its hand; seat 1 played a turn: seat 0 draws again."""
    given = then(emptied(stock), Meld(0, ("9H", "9D", "9C")), Draw(1, STOCK), Discard(1, stock[0]))
    return given


def test_an_empty_handed_seat_draws_from_the_stock_only():
    given = bare_turn(["QH", "2D", "10S"])
    with pytest.raises(err.MustDraw):
        when(given, Draw(0, DISCARD_PILE))
    assert when(given, Draw(0, STOCK)) == [CardDrawn(0, "2D", STOCK)]


def test_a_drawn_card_that_lays_off_must_be_laid_off_and_the_turn_ends_again():
    given = then(bare_turn(["QH", "9S", "2D"]), Draw(0, STOCK))  # 9S extends 4S-8S
    with pytest.raises(MustLayOff) as refused:
        when(given, Discard(0, "9S"))
    assert refused.value.code == "must_lay_off"
    events = when(given, LayOff(0, "m1", ("9S",)))
    assert events == [CardsLaidOff(0, "m1", ("9S",), 9), TurnEndedEmptyHanded(0)]
    assert fold(given + events).hand.turn == 1


def test_a_drawn_card_that_fits_nowhere_is_discarded_and_the_seat_is_out():
    given = then(bare_turn(["QH", "2D", "10S"]), Draw(0, STOCK))
    events = when(given, Discard(0, "2D"))
    assert events[0] == CardDiscarded(0, "2D") and events[1].reason == "out"
    assert events[1].results[0].out and not events[1].results[0].rummy and events[1].results[0].score > 0

"""Kalooki's rules of play (docs/rules/kalooki.md) as given events -> when a
command -> then events or an error: the opening, melds, jokers and swaps."""

import pytest

from domain import registry
from domain.kalooki.commands import Discard, DrawFrom, LayOff, Meld, Open, Swap
from domain.kalooki.events import CardDiscarded, CardDrawn, CardsLaidOff, InitialMeldMade, JokerSwapped, MeldLaid
from domain.kalooki.melds import analyse, penalty
from domain.kernel import errors as err
from tests.kalooki_builders import dealt, fold, hand_of, then, when

A = ["JS", "QS", "KS", "6H", "7H", "8H", "2D", "3D", "4D", "5D", "6D", "JK"]
B = ["9C", "9D", "9S", "QH", "KH", "AH", "2C"]
GIVEN = dealt([A, B], "10H", stock=["5C", "AS", "8C"])
A_DREW = then(GIVEN, DrawFrom(0, "stock"))


def opening(*melds):
    return tuple({"cards": list(cards), "wild": list(wild)} for cards, wild in melds)


def test_the_pack_is_two_decks_and_four_jokers_dealt_fifteen_each():
    state = fold(GIVEN)
    assert len(registry.named("kalooki").rules({}).pack(2)) == 108
    assert [len(h) for h in state.hand.hands] == [15, 15]
    assert state.hand.pile == ("10H",) and len(state.hand.stock) == 108 - 31


def test_an_opening_of_exactly_51_is_laid_in_one_batch():
    events = when(A_DREW, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H"), ()))))
    assert events == [MeldLaid(0, "m1", "run", ("JS", "QS", "KS"), (), 30),
                      MeldLaid(0, "m2", "run", ("6H", "7H", "8H"), (), 21), InitialMeldMade(0, ("m1", "m2"), 51)]


def test_an_opening_of_50_is_refused():
    with pytest.raises(err.RuleViolation) as refused:
        when(A_DREW, Open(0, opening((("JS", "QS", "KS"), ()), (("2D", "3D", "4D", "5D", "6D"), ()))))
    assert refused.value.code == "opening_too_low"


def test_a_joker_counts_as_its_stand_in_in_the_opening():
    events = when(A_DREW, Open(0, opening((("JS", "QS", "KS", "JK"), ("AS",)), (("6H", "7H", "8H"), ()))))
    assert events[-1] == InitialMeldMade(0, ("m1", "m2"), 62)


def test_initial_meld_zero_opens_with_any_meld():
    given = then(dealt([A, B], "10H", initial_meld=0), DrawFrom(0, "stock"))
    assert when(given, Open(0, opening((("2D", "3D", "4D"), ()),)))[-1] == InitialMeldMade(0, ("m1",), 9)


@pytest.mark.parametrize("command, code", [
    (Meld(0, ("JS", "QS", "KS"), ()), "not_opened"),
    (DrawFrom(0, "discard"), "already_drawn"),
])
def test_before_opening_a_seat_may_not_meld(command, code):
    with pytest.raises(err.RuleViolation) as refused:
        when(A_DREW, command)
    assert refused.value.code == code


def test_the_discard_is_not_taken_before_opening_except_into_the_opening():
    with pytest.raises(err.RuleViolation) as refused:
        when(GIVEN, DrawFrom(0, "discard"))
    assert refused.value.code == "not_opened"
    given = dealt([["JS", "QS", "KS", "6H", "7H", "8H", "9H"], B], "10H", stock=["5C"])
    events = when(given, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H", "9H", "10H"), ())), True))
    assert events[0] == CardDrawn(0, "10H", "discard")
    assert events[-1] == InitialMeldMade(0, ("m1", "m2"), 70)
    assert fold(given + events).hand.pile == ()


def test_an_opening_that_takes_the_discard_must_meld_it():
    with pytest.raises(err.RuleViolation) as refused:
        when(GIVEN, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H"), ())), True))
    assert refused.value.code == "discard_not_in_opening"
    with pytest.raises(err.RuleViolation) as refused:
        when(A_DREW, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H", "10H"), ("9H",))), True))
    assert refused.value.code == "already_drawn"


OPENED = then(A_DREW, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H"), ()))))


@pytest.mark.parametrize("cards, wild, valid", [
    (("6H", "6H", "6S"), (), False),  # no two of one suit
    (("9C", "9D", "9C"), (), False),
    (("6H", "6S", "JK"), ("6H",), False),  # a stand-in repeats a suit
    (("6H", "6S", "JK"), ("6D",), True),
    (("6H", "6S", "6D", "6C", "JK"), ("6H",), False),  # at most four
    (("QH", "KH", "AH"), (), True),  # the ace high
    (("KH", "AH", "2H"), (), False),  # never around the corner
    (("AH", "2H", "3H"), (), False),  # not low by default
    (("JK", "JK", "JK"), ("2H", "3H", "4H"), False),  # never jokers alone
])
def test_melds_sets_of_distinct_suits_and_ace_high_runs(cards, wild, valid):
    assert (analyse(cards, wild, False) is not None) == valid


def test_ace_low_allows_a_2_3_worth_1_but_never_k_a_2():
    assert analyse(("AH", "2H", "3H"), (), True).value == 6
    assert analyse(("QH", "KH", "AH"), (), True).value == 31
    assert analyse(("KH", "AH", "2H"), (), True) is None


def test_once_opened_a_seat_melds_without_a_minimum_and_lays_off_on_any_meld():
    assert when(OPENED, Meld(0, ("2D", "3D", "4D"), ())) == [MeldLaid(0, "m3", "run", ("2D", "3D", "4D"), (), 9)]
    events = when(OPENED, LayOff(0, "m2", ("JK",), ("9H",)))
    assert events == [CardsLaidOff(0, "m2", ("JK",), ("9H",), 9)]


def test_a_meld_of_a_repeated_suit_is_refused_with_its_code():
    with pytest.raises(err.RuleViolation) as refused:
        when(OPENED, Meld(0, ("5D", "6D", "JK"), ("6D",)))
    assert refused.value.code == "invalid_meld"


JOKER_ON_TABLE = then(OPENED, LayOff(0, "m2", ("JK",), ("9H",)))


def test_a_joker_swap_puts_the_natural_in_its_place_and_the_joker_in_the_hand():
    given = then(JOKER_ON_TABLE, Discard(0, "2D"))
    given = then(given, DrawFrom(1, "stock"))
    given = given[:-1] + [CardDrawn(1, "9H", "stock")]
    given = then(given, Open(1, opening((("QH", "KH", "AH"), ()), (("9C", "9D", "9S"), ()))))
    assert "JK" not in hand_of(given, 1)
    events = when(given, Swap(1, "m2", "9H"))
    assert events == [JokerSwapped(1, "m2", "9H", "9H")]
    after = fold(given + events)
    assert "JK" in after.hand.hands[1] and "9H" not in after.hand.hands[1]
    assert after.hand.meld("m2").cards == ("6H", "7H", "8H", "9H")


def test_a_swap_must_be_exact_and_needs_an_opened_seat():
    with pytest.raises(err.RuleViolation) as refused:
        when(JOKER_ON_TABLE, Swap(0, "m2", "9D"))
    assert refused.value.code in ("invalid_swap", "card_not_in_hand")
    given = then(then(JOKER_ON_TABLE, Discard(0, "2D")), DrawFrom(1, "stock"))
    given = given[:-1] + [CardDrawn(1, "9H", "stock")]
    with pytest.raises(err.RuleViolation) as refused:
        when(given, Swap(1, "m2", "9H"))
    assert refused.value.code == "not_opened"


def _swapped(**rules):
    given = dealt([A + ["10H"], B], "5S", stock=["9H"], **rules)
    given = then(given, DrawFrom(0, "stock"))
    given = then(given, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H", "JK"), ("9H",)))))
    return then(given, Swap(0, "m2", "9H"))


def test_a_swapped_joker_may_stay_in_hand_by_default():
    assert when(_swapped(), Discard(0, "2D")) == [CardDiscarded(0, "2D")]


def test_swapped_joker_must_be_played_refuses_the_discard_until_it_is():
    given = _swapped(swapped_joker_must_be_played=True)
    with pytest.raises(err.RuleViolation) as refused:
        when(given, Discard(0, "2D"))
    assert refused.value.code == "joker_must_be_played"
    given = then(given, LayOff(0, "m2", ("10H", "JK"), ("JH",)))
    assert when(given, Discard(0, "2D")) == [CardDiscarded(0, "2D")]


def test_penalties_joker_25_ace_11_faces_10_others_face_value():
    assert [penalty(c) for c in ("JK", "AS", "KD", "QC", "JH", "10S", "5C", "2D")] == [25, 11, 10, 10, 10, 10, 5, 2]

"""Rummy's rules of play (docs/rules/rummy.md) as given events -> when a
command -> then events or an error: the deal, the turn, melds, lay-offs, the
taken-card rule and going out."""

import pytest

from domain.kernel import errors as err
from domain.kernel.deals import StartHand
from domain.rummy.commands import Discard, Draw, LayOff, Meld
from domain.rummy.decide import decide
from domain.rummy.errors import MeldLimit
from domain.rummy.events import (
    CardDiscarded,
    CardDrawn,
    CardsLaidOff,
    HandResult,
    MeldLaid,
)
from tests.rummy_builders import DISCARD_PILE, STOCK, dealt, fold, stacked_deck, then, when

A = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "2H", "3H", "9D"]
B = ["8H", "8D", "JS", "3C", "4D", "QH", "10C", "AS", "QS", "6H"]
GIVEN = dealt([A, B], "9H", stock=["4S", "5D", "KS"])
A_DREW = then(GIVEN, Draw(0, STOCK))


# --- the deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players, size", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_the_deal_size_depends_on_the_table_and_the_next_card_starts_the_pile(players, size):
    hand = fold(dealt([[]] * players, "9H", stock=["4S"])).hand
    assert all(len(cards) == size for cards in hand.hands)
    assert hand.pile == ("9H",) and hand.stock[0] == "4S"
    assert len(hand.stock) == 52 - size * players - 1


def test_the_deal_goes_one_card_at_a_time_from_the_first_seat():
    deck = stacked_deck([A, B], "9H", first=1)
    hand = fold(dealt([A, B], "9H", first=1)).hand
    assert deck[0] == B[0] and deck[1] == A[0] and deck[20] == "9H"
    assert hand.hands == (tuple(A), tuple(B)) and hand.turn == 1


def test_in_hand_h_seat_h_mod_n_plays_first_and_the_seat_before_deals():
    three = [A[:7], B[:7], []]
    state = fold(dealt(three, "9H"))
    deck = stacked_deck(three, "9H")
    for number in range(5):
        ready = state._replace(results=((),) * number, hand=state.hand._replace(phase="ended"))
        (started,) = decide(ready, StartHand(deck, "00"))
        assert (started.hand, started.first_seat, started.dealer) == (number, number % 3, (number - 1) % 3)
        assert started.upcard == deck[21]


# --- the draw ---------------------------------------------------------------------------------

def test_a_draw_takes_the_top_of_the_stock_or_of_the_discard_pile():
    assert when(GIVEN, Draw(0, STOCK)) == [CardDrawn(0, "4S", STOCK)]
    assert when(GIVEN, Draw(0, DISCARD_PILE)) == [CardDrawn(0, "9H", DISCARD_PILE)]
    hand = fold(then(GIVEN, Draw(0, DISCARD_PILE))).hand
    assert hand.pile == () and hand.taken == "9H" and hand.phase == "play"


def test_only_the_seat_to_move_acts_it_draws_first_and_once():
    with pytest.raises(err.NotYourTurn):
        when(GIVEN, Draw(1, STOCK))
    with pytest.raises(err.MustDraw):
        when(GIVEN, Meld(0, ("5S", "6S", "7S")))
    with pytest.raises(err.MustDraw):
        when(GIVEN, Discard(0, "9D"))
    with pytest.raises(err.AlreadyDrawn):
        when(A_DREW, Draw(0, STOCK))
    with pytest.raises(err.InvalidAction):
        when(GIVEN, Draw(0, "table"))


def test_an_empty_pile_cannot_be_drawn_from():
    # (a pile is empty at the start of a turn only after a renewal and an empty-handed turn: see
    # tests/test_rummy_piles.py; here the state is set so)
    state = fold(GIVEN)
    state = state._replace(hand=state.hand._replace(pile=()))
    with pytest.raises(err.PileEmpty):
        decide(state, Draw(0, DISCARD_PILE))


# --- melds ------------------------------------------------------------------------------------

POINTS = {("KH", "KD", "KC"): 30, ("5S", "6S", "7S"): 18, ("AH", "2H", "3H"): 6}  # the cards' values, A 1


@pytest.mark.parametrize("cards, kind", [
    (("KH", "KD", "KC"), "set"),
    (("5S", "6S", "7S"), "run"),
    (("AH", "2H", "3H"), "run"),  # the ace is low
])
def test_a_set_of_a_rank_or_a_run_of_a_suit_is_a_meld(cards, kind):
    events = when(A_DREW, Meld(0, cards))
    assert events == [MeldLaid(0, "m1", kind, cards, POINTS[cards])]
    hand = fold(A_DREW + events).hand
    assert hand.table[0].cards == cards and hand.table[0].owner == 0 and not set(cards) & set(hand.hands[0])


def test_a_four_card_set_is_a_meld():
    given = then(dealt([["9S", "9H", "9D", "9C"], []], "2S"), Draw(0, STOCK))
    assert when(given, Meld(0, ("9C", "9S", "9H", "9D")))[0].cards == ("9S", "9H", "9D", "9C")


@pytest.mark.parametrize("hand, cards", [
    (["QS", "KS", "AS"], ("QS", "KS", "AS")),  # the ace is low only
    (["KS", "AS", "2S"], ("KS", "AS", "2S")),  # no going round the corner
    (["5S", "6S", "8S"], ("5S", "6S", "8S")),  # a gap
    (["5S", "6H", "7S"], ("5S", "6H", "7S")),  # two suits
    (["5S", "5H"], ("5S", "5H")),  # too short
])
def test_anything_else_is_refused_as_an_invalid_meld(hand, cards):
    given = then(dealt([hand, []], "2D"), Draw(0, STOCK))
    with pytest.raises(err.InvalidMeld):
        when(given, Meld(0, cards))


def test_a_meld_needs_cards_the_seat_holds():
    with pytest.raises(err.CardNotInHand):
        when(A_DREW, Meld(0, ("8H", "8D", "8S")))


def test_one_new_meld_a_turn_by_default():
    melded = then(A_DREW, Meld(0, ("KH", "KD", "KC")))
    with pytest.raises(MeldLimit) as refused:
        when(melded, Meld(0, ("5S", "6S", "7S")))
    assert refused.value.code == "meld_limit" and refused.value.kind == err.CONFLICT


# --- lay-offs ---------------------------------------------------------------------------------

def test_a_seat_lays_off_on_anyone_s_meld_a_run_at_either_end():
    b_cards = then(dealt([A, ["8S", "4S", "JS"]], "9H", stock=["2C", "3S"]),
                   Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "9D"), Draw(1, STOCK))
    assert when(b_cards, LayOff(1, "m1", ("8S",))) == [CardsLaidOff(1, "m1", ("8S",), 8)]
    assert when(b_cards, LayOff(1, "m1", ("4S",))) == [CardsLaidOff(1, "m1", ("4S",), 4)]
    both = then(b_cards, LayOff(1, "m1", ("8S",)), LayOff(1, "m1", ("4S",)))
    assert fold(both).hand.table[0].cards == ("4S", "5S", "6S", "7S", "8S")


def test_several_cards_at_once_and_a_set_up_to_four():
    given = then(dealt([["KH", "KD", "KC", "2C"], ["KS", "8S", "9S", "10S"]], "4D", stock=["5H", "6C"]),
                 Draw(0, STOCK), Meld(0, ("KH", "KD", "KC")), Discard(0, "2C"), Draw(1, STOCK))
    assert when(given, LayOff(1, "m1", ("KS",))) == [CardsLaidOff(1, "m1", ("KS",), 10)]
    runs = then(given, Meld(1, ("8S", "9S", "10S")))
    with pytest.raises(err.InvalidLayoff):
        when(runs, LayOff(1, "m1", ("KS", "6C")))  # a set grows by its rank only


def test_a_lay_off_must_leave_a_valid_meld_and_melds_are_never_rearranged():
    b_cards = then(dealt([A, ["9S", "QH", "AS"]], "9H", stock=["2C", "3S"]),
                   Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "9D"), Draw(1, STOCK))
    for cards in (("9S",), ("QH",), ("AS",)):
        with pytest.raises(err.InvalidLayoff):
            when(b_cards, LayOff(1, "m1", cards))
    with pytest.raises(err.NoSuchMeld):
        when(b_cards, LayOff(1, "m9", ("9S",)))


def test_lay_offs_before_and_after_the_turn_s_meld():
    given = dealt([["5S", "6S", "7S", "KH", "KD", "KC", "8S", "4S", "QC", "JD"], []], "2D", stock=["9H", "3S"])
    first = then(given, Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "9H"), Draw(1, STOCK),
                 Discard(1, "3S"), Draw(0, STOCK))
    events = then(first, LayOff(0, "m1", ("8S",)), Meld(0, ("KH", "KD", "KC")), LayOff(0, "m1", ("4S",)))
    table = fold(events).hand.table
    assert table[0].cards == ("4S", "5S", "6S", "7S", "8S") and table[1].cards == ("KH", "KD", "KC")


# --- discarding, the taken card, going out ------------------------------------------------------

def test_a_discard_ends_the_turn_face_up_and_the_next_seat_draws():
    events = when(A_DREW, Discard(0, "9D"))
    assert events == [CardDiscarded(0, "9D")]
    hand = fold(A_DREW + events).hand
    assert hand.pile == ("9H", "9D") and hand.turn == 1 and hand.phase == "draw"


def test_the_card_taken_from_the_pile_is_not_discarded_the_same_turn():
    took = then(GIVEN, Draw(0, DISCARD_PILE))
    with pytest.raises(err.TakenCard) as refused:
        when(took, Discard(0, "9H"))
    assert refused.value.code == "taken_card"
    assert when(took, Discard(0, "9D")) == [CardDiscarded(0, "9D")]
    # the next turn it may go
    later = then(took, Discard(0, "9D"), Draw(1, STOCK), Discard(1, "JS"), Draw(0, STOCK))
    assert when(later, Discard(0, "9H")) == [CardDiscarded(0, "9H")]


OUT_HAND = ["KH", "KD", "KC", "8C", "8D", "8S", "AS", "2S", "3S", "4S"]


def test_the_taken_card_may_go_as_the_last_card():
    given = dealt([OUT_HAND, []], "2C", melds_per_turn="any")
    two_left = then(given, Draw(0, DISCARD_PILE), Meld(0, ("KH", "KD", "KC")), Meld(0, ("8S", "8D", "8C")))
    with pytest.raises(err.TakenCard):
        when(two_left, Discard(0, "2C"))  # not while other cards are left
    last = then(two_left, Meld(0, ("AS", "2S", "3S", "4S")))
    assert fold(last).hand.hands[0] == ("2C",)
    events = when(last, Discard(0, "2C"))
    assert events[0] == CardDiscarded(0, "2C") and events[1].reason == "out" and events[1].results[0].out


def test_a_seat_goes_out_by_melding_its_last_cards_without_a_discard():
    given = dealt([["5S", "6S", "7S", "8S", "KH", "KD", "KC", "AC", "2C", "3C"], []], "4C", melds_per_turn="any")
    took = then(given, Draw(0, DISCARD_PILE), Meld(0, ("KH", "KD", "KC")), Meld(0, ("AC", "2C", "3C", "4C")))
    events = when(took, Meld(0, ("5S", "6S", "7S", "8S")))
    assert [type(e).__name__ for e in events] == ["MeldLaid", "HandEnded"]
    ended = events[1]
    assert ended.reason == "out" and ended.results[0] == HandResult(0, 0, 0, ended.results[1].value, True, True)


def test_a_seat_goes_out_by_a_lay_off():
    given = dealt([["5S", "6S", "7S", "8S", "KH", "KD", "KC", "9D", "9C", "9H"], []], "4S", melds_per_turn="any")
    down = then(given, Draw(0, DISCARD_PILE), Meld(0, ("5S", "6S", "7S")), Meld(0, ("KH", "KD", "KC")),
                Meld(0, ("9H", "9D", "9C")), LayOff(0, "m1", ("8S",)))
    events = when(down, LayOff(0, "m1", ("4S",)))
    assert [type(e).__name__ for e in events] == ["CardsLaidOff", "HandEnded"]
    assert events[1].results[0].out and events[1].reason == "out"


def test_nobody_acts_once_the_hand_is_over():
    given = dealt([OUT_HAND, []], "2C", melds_per_turn="any")
    over = then(given, Draw(0, DISCARD_PILE), Meld(0, ("KH", "KD", "KC")), Meld(0, ("8S", "8D", "8C")),
                Meld(0, ("AS", "2S", "3S", "4S")), Discard(0, "2C"))
    after = fold(over)
    assert after.hand.phase == "ended" and after.turn_seat is None
    with pytest.raises(err.HandOver):
        when(over, Draw(1, STOCK))

"""Conquian's rules (docs/rules/conquian.md): the deal, the 40-card pack, the
first upcard, takes and their melds (7-J adjacent, runs of 3 to 8, the ace
low), declines, and what each phase of a turn demands, as given events ->
when a command -> then events or an error."""

import pytest

from domain.conquian.cards import PACK
from domain.conquian.commands import Allow, Decline, Discard, Force, Pass, Take
from domain.conquian.decide import first_dealer
from domain.conquian.errors import CardExposed, InvalidTake, MustDiscard
from domain.conquian.events import (
    CardDeclined,
    CardDiscarded,
    CardLeft,
    CardTurnedDown,
    ExposedCardMelded,
    GameCreated,
    HandStarted,
    StockCardTurned,
    UpcardPassed,
)
from domain.conquian.evolve import fold
from domain.conquian.rules import Rules
from domain.kernel import errors as err
from domain.kernel.cards import full_pack
from domain.kernel.deals import StartHand, commitment
from tests.conquian_builders import ANN, BOB, PLAYERS, SALT, after, dealt, drawn_hand, stacked_deck, when

# Ann (seat 0) deals; Bob (seat 1), the non-dealer, is offered the upcard JH first.
BOB_CARDS = ["6H", "7H", "JS", "JC", "AS", "2D", "3C", "4S", "QD", "KC"]
ANN_CARDS = ["2S", "3S", "5D", "6C", "QH", "QS", "KD", "AD", "4C", "7D"]
STOCK = ["5H", "KS", "2H"]
WORKED = dealt(BOB_CARDS, ANN_CARDS, "JH", stock=STOCK)
BOB_MELDED_RUN = after(WORKED, Take(BOB, [["6H", "7H", "JH"]]))  # Bob took the upcard: he must discard


def test_ten_cards_each_one_at_a_time_the_non_dealer_first_then_the_upcard():
    state = fold(WORKED)
    hand = state.hand
    assert hand.hands == (tuple(ANN_CARDS), tuple(BOB_CARDS))
    assert hand.exposed == "JH" and hand.stock == 19 and hand.deck[21] == "5H"
    assert (hand.dealer, hand.turn, hand.phase, hand.melds, hand.dead) == (ANN, BOB, "upcard", ((), ()), ())
    assert state.turn_seat == BOB


def test_without_an_upcard_the_non_dealer_turns_the_top_stock_card():
    deck = stacked_deck(BOB_CARDS, ANN_CARDS, "JH", stock=STOCK)
    given = [GameCreated(PLAYERS, Rules(upcard=False))] + drawn_hand(0, dealer=BOB)
    events = when(given, StartHand(deck, SALT))
    assert events == [HandStarted(1, ANN, None, commitment(deck, SALT), deck, SALT), StockCardTurned(BOB, "JH")]
    hand = fold(given + events).hand
    assert (hand.exposed, hand.stock, hand.turn, hand.phase) == ("JH", 19, BOB, "turned")
    with pytest.raises(err.CannotPass):
        when(given + events, Pass(BOB))


def test_the_first_dealer_is_drawn_with_the_deal_and_the_deal_alternates_drawn_hands_too():
    deck = stacked_deck(BOB_CARDS, ANN_CARDS, "JH")
    created = WORKED[:1]
    for salt in ("a1", "b2", "c3", "d4"):
        first = when(created, StartHand(deck, salt))[0]
        assert first.dealer == first_dealer(commitment(deck, salt)) == int(commitment(deck, salt), 16) % 2
    for dealer in (ANN, BOB):
        assert when(created + drawn_hand(0, dealer), StartHand(deck, SALT))[0].dealer == 1 - dealer


def test_the_pack_is_forty_cards_without_eights_nines_and_tens():
    assert len(PACK) == 40 == len(set(PACK)) and sorted(PACK) == sorted(Rules().pack(2))
    assert not [c for c in PACK if c[:-1] in ("8", "9", "10")]
    with pytest.raises(err.InvalidDeck):
        when(WORKED[:1], StartHand(full_pack(1), SALT))
    with pytest.raises(err.InvalidDeck):
        when(WORKED[:1], StartHand(("8H",) + PACK[1:], SALT))


# --- the first upcard ---------------------------------------------------------------------------

def test_the_first_upcard_passed_by_both_is_turned_down_and_the_non_dealer_turns_the_stock():
    given = after(WORKED, Pass(BOB))
    assert fold(given).turn_seat == ANN and fold(given).hand.phase == "upcard"
    events = when(given, Pass(ANN))
    assert events == [UpcardPassed(ANN), CardTurnedDown(ANN, "JH"), StockCardTurned(BOB, "5H")]
    hand = fold(given + events).hand
    assert (hand.dead, hand.exposed, hand.turn, hand.phase, hand.stock) == (("JH",), "5H", BOB, "turned", 18)


def test_the_first_upcard_is_taken_or_passed_never_declined():
    with pytest.raises(err.UpcardOffered):
        when(WORKED, Decline(BOB))
    with pytest.raises(err.UpcardOffered):
        when(WORKED, Discard(BOB, "KC"))
    with pytest.raises(err.UpcardOffered):
        when(WORKED, Force(BOB))
    with pytest.raises(err.NotYourTurn):
        when(WORKED, Pass(ANN))
    both_passed = after(WORKED, Pass(BOB), Pass(ANN))
    with pytest.raises(err.CannotPass):
        when(both_passed, Pass(BOB))


# --- takes ---------------------------------------------------------------------------------------

def test_a_take_melds_the_exposed_card_at_once_and_then_the_seat_discards():
    events = when(WORKED, Take(BOB, [["JS", "JH", "JC"]]))
    assert events == [ExposedCardMelded(BOB, "JH", False, ("JS", "JC"), (("JS", "JH", "JC"),))]
    hand = fold(WORKED + events).hand
    assert (hand.phase, hand.turn, hand.exposed, hand.melds[BOB]) == ("discard", BOB, None, (("JS", "JH", "JC"),))
    assert len(hand.hands[BOB]) == 8
    given = WORKED + events
    assert when(given, Discard(BOB, "KC")) == [CardDiscarded(BOB, "KC")]
    hand = fold(given + [CardDiscarded(BOB, "KC")]).hand
    assert (hand.exposed, hand.turn, hand.phase) == ("KC", ANN, "face")
    assert len(hand.hands[BOB]) + sum(len(m) for m in hand.melds[BOB]) == 10  # between turns: ten cards


def test_seven_and_jack_are_adjacent():
    events = when(WORKED, Take(BOB, [["6H", "7H", "JH"]]))
    assert events == [ExposedCardMelded(BOB, "JH", False, ("6H", "7H"), (("6H", "7H", "JH"),))]


def test_a_meld_that_is_no_set_or_run_is_refused_and_changes_nothing():
    for melds in ([["7H", "JH"]], [["JH", "JS", "JC", "KC"]], [["JH", "JS"], ["JC"]]):
        with pytest.raises(err.InvalidMeld):
            when(WORKED, Take(BOB, melds))
    with pytest.raises(err.InvalidCard):
        when(WORKED, Take(BOB, [["7H", "8H", "JH"]]))  # no eights in the pack


@pytest.mark.parametrize("melds, error", [
    ([["JS", "JC", "QD"]], InvalidTake),  # the exposed card left out
    ([["JS", "JH", "JC", "JH"]], InvalidTake),  # a card twice
    ([["JH", "JS", "JD"]], err.CardNotInHand),  # JD is not Bob's
    ("JH JS JC", err.InvalidMeld),  # not a list of card lists
])
def test_a_take_is_the_exposed_card_with_cards_from_hand_each_once(melds, error):
    with pytest.raises(error):
        when(WORKED, Take(BOB, melds))


def test_a_take_keeps_every_card_of_the_seat_s_old_melds():
    given = after(BOB_MELDED_RUN, Discard(BOB, "KC"), Decline(ANN), Decline(ANN))  # KC turned down, 5H left to Bob
    assert fold(given).hand.exposed == "5H" and fold(given).turn_seat == BOB
    with pytest.raises(InvalidTake):
        when(given, Take(BOB, [["5H", "6H", "7H"]]))  # JH dropped
    with pytest.raises(err.InvalidMeld):
        when(given, Take(BOB, [["5H", "6H", "7H", "JH"], ["JS", "JC"]]))


def test_the_acceptance_case_melds_are_rearranged_within_a_take():
    """Bob has melded 6H 7H JH; 5H is exposed to him and he holds two other jacks."""
    given = after(BOB_MELDED_RUN, Discard(BOB, "KC"), Decline(ANN), Decline(ANN))
    events = when(given, Take(BOB, [["5H", "6H", "7H"], ["JH", "JS", "JC"]]))
    assert events == [ExposedCardMelded(BOB, "5H", False, ("JS", "JC"), (("5H", "6H", "7H"), ("JS", "JH", "JC")))]
    assert fold(given + events).hand.melds[BOB] == (("5H", "6H", "7H"), ("JS", "JH", "JC"))


def test_melds_are_the_seat_s_own_and_never_another_s():
    given = after(BOB_MELDED_RUN, Discard(BOB, "KC"), Decline(ANN))  # Ann turned 5H: it fits Bob's run, not hers
    with pytest.raises(err.CardNotInHand):
        when(given, Take(ANN, [["5H", "6H", "7H", "JH"]]))


# --- declines ------------------------------------------------------------------------------------

def test_a_declined_card_faced_at_the_start_of_the_turn_is_turned_down_and_the_stock_turned():
    given = after(BOB_MELDED_RUN, Discard(BOB, "KC"))
    events = when(given, Decline(ANN))
    assert events == [CardDeclined(ANN, "KC", False), CardTurnedDown(ANN, "KC"), StockCardTurned(ANN, "5H")]
    hand = fold(given + events).hand
    assert (hand.dead, hand.exposed, hand.turn, hand.phase) == (("KC",), "5H", ANN, "turned")


def test_a_declined_card_the_seat_turned_is_left_to_the_opponent_and_the_turn_ends_without_a_discard():
    given = after(BOB_MELDED_RUN, Discard(BOB, "KC"), Decline(ANN))
    events = when(given, Decline(ANN))
    assert events == [CardDeclined(ANN, "5H", False), CardLeft(ANN, "5H")]
    hand = fold(given + events).hand
    assert (hand.exposed, hand.turn, hand.phase, len(hand.hands[ANN])) == ("5H", BOB, "face", 10)


def test_each_phase_refuses_what_it_does_not_allow_and_changes_nothing():
    discarding = BOB_MELDED_RUN
    with pytest.raises(MustDiscard):
        when(discarding, Decline(BOB))
    with pytest.raises(MustDiscard):
        when(discarding, Take(BOB, [["6H", "7H", "JH"]]))
    with pytest.raises(err.CardNotInHand):
        when(discarding, Discard(BOB, "JH"))  # melded, no longer in hand
    facing = after(discarding, Discard(BOB, "KC"))
    for command in (Discard(ANN, "2S"), Force(ANN), Allow(ANN)):
        with pytest.raises(CardExposed):
            when(facing, command)
    with pytest.raises(err.NotYourTurn):
        when(facing, Decline(BOB))

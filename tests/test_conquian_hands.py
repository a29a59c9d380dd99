"""How a Conquian hand and game end (docs/rules/conquian.md): the win at
exactly 11 melded cards (a seat with 10 melded and an empty hand plays on),
the drawn hand when a card faced at the start of a turn is declined with the
stock empty (after the answer, if it was forceable), the stakes that drawn
hands carry to the next win, and the game's end."""

import pytest

from domain.conquian.actions import options
from domain.conquian.commands import Allow, Decline, Discard, Force, Take
from domain.conquian.decide import run
from domain.conquian.events import (
    CardDeclined,
    CardForced,
    ExposedCardMelded,
    ForceWaived,
    GameCreated,
    GameEnded,
    HandEnded,
    HandResult,
)
from domain.conquian.evolve import fold
from domain.conquian.rules import Rules
from domain.conquian.views import see
from tests.conquian_builders import ANN, BOB, PLAYERS, SALT, after, dealt, drawn_hand, when

ANN_CARDS = ["4S", "5S", "6C", "7D", "JH", "QS", "KD", "4H", "5D", "JC"]
SETS = [["AS", "AH", "AD", "AC"], ["2S", "2H", "2D"], ["3S", "3H", "3D"]]


def ten_melded(**rules):
    """Bob took the upcard AC with nine cards of his hand and threw his last card, KC."""
    bob = ["AS", "AH", "AD", "2S", "2H", "2D", "3S", "3H", "3D", "KC"]
    given = dealt(bob, ANN_CARDS, "AC", stock=["5C", "6S", "2C"], **rules)
    return after(given, Take(BOB, SETS), Discard(BOB, "KC"))


def test_ten_melded_cards_and_an_empty_hand_play_on_until_a_take_adds_the_eleventh():
    given = ten_melded()
    state = fold(given)
    assert (state.hand.hands[BOB], state.hands_played, state.turn_seat) == ((), 0, ANN)
    given = after(given, Decline(ANN), Decline(ANN))  # KC turned down; Ann turned 5C and left it
    assert options(see(fold(given), BOB)) == [("decline",)]  # nothing to take 5C with
    given = after(given, Decline(BOB))  # 5C turned down; Bob turned 6S: still nothing
    given = after(given, Decline(BOB))  # left to Ann
    given = after(given, Decline(ANN))  # turned down; Ann turned 2C and left it
    given = after(given, Decline(ANN))
    eleven = [["AS", "AH", "AD", "AC"], ["2S", "2H", "2D", "2C"], ["3S", "3H", "3D"]]
    events = when(given, Take(BOB, eleven))
    assert events == [ExposedCardMelded(BOB, "2C", False, (), tuple(tuple(m) for m in eleven)),
                      HandEnded(0, "out", (HandResult(ANN, 0, 0), HandResult(BOB, 11, 1)), fold(given).hand.deck,
                                SALT),
                      GameEnded((BOB,), (0, 1), "target")]


def test_the_win_is_at_exactly_eleven_and_needs_no_discard():
    bob = ["AS", "AH", "AD", "2S", "2H", "2D", "3S", "3H", "3D", "2C"]
    given = dealt(bob, ANN_CARDS, "AC")
    eleven = [["AS", "AH", "AD", "AC"], ["2S", "2H", "2D", "2C"], ["3S", "3H", "3D"]]
    events = when(given, Take(BOB, eleven))
    assert [type(e) for e in events] == [ExposedCardMelded, HandEnded, GameEnded]
    assert events[1].reason == "out" and [r.to_dict() for r in events[1].results] == [
        {"seat": ANN, "melded": 0, "score": 0}, {"seat": BOB, "melded": 11, "score": 1}]
    ten = [["AS", "AH", "AD", "AC"], ["2S", "2H", "2D", "2C"]]  # eight melded: the hand goes on with a discard
    events = when(given, Take(BOB, ten))
    assert len(events) == 1 and fold(given + events).hand.phase == "discard"


# --- the drawn hand -------------------------------------------------------------------------------

BOB_RUN = ["6H", "7H", "JS", "JC", "AS", "2D", "3C", "4S", "QD", "KC"]
ANN_PLAIN = ["2S", "3S", "5D", "6C", "KH", "QS", "KD", "AD", "4C", "7D"]
# the whole stock, stacked so that its last card, 5H, lays off on Bob's 6H 7H JH when he faces it
STOCK = ["2H", "2C", "3H", "3D", "4H", "4D", "5S", "5C", "6S", "6D", "7S", "7C", "JD", "QC", "KS", "AH", "AC", "QH",
         "5H"]


def stock_run_out(**rules):
    """Bob melded 6H 7H JH and threw KC; then both declined every card until the
    last stock card, 5H, was turned by Ann and left to Bob (any force allowed)."""
    given = after(dealt(BOB_RUN, ANN_PLAIN, "JH", stock=STOCK, **rules), Take(BOB, [["6H", "7H", "JH"]]),
                  Discard(BOB, "KC"))
    state = fold(given)
    while not (state.hand.stock == 0 and state.hand.phase == "face"):
        seat = state.turn_seat
        events, state = run(state, Allow(seat) if state.hand.phase == "answer" else Decline(seat))
        given += events
    assert (state.turn_seat, state.hand.exposed) == (BOB, "5H")
    return given


def test_declining_with_the_stock_empty_draws_the_hand_after_the_answer_when_forceable():
    given = stock_run_out()
    asked = after(given, Decline(BOB))
    assert asked[len(given):] == [CardDeclined(BOB, "5H", True)]  # no card can be turned: Ann answers first
    deck = fold(given).hand.deck
    assert when(asked, Allow(ANN)) == [ForceWaived(ANN, "5H"), HandEnded(
        0, "drawn", (HandResult(ANN, 0, 0), HandResult(BOB, 3, 0)), deck, SALT)]
    assert when(asked, Force(ANN)) == [CardForced(ANN, "5H")]


def test_declining_with_the_stock_empty_draws_the_hand_at_once_when_not_forceable():
    given = stock_run_out(forcing=False)
    events = when(given, Decline(BOB))
    assert [type(e) for e in events] == [CardDeclined, HandEnded] and events[1].reason == "drawn"
    state = fold(given + events)
    assert (state.totals, state.drawn, state.status, state.turn_seat) == ((0, 0), 1, "active", None)


def test_a_card_turned_as_the_last_of_the_stock_may_still_be_left():
    given = stock_run_out()
    turned_last = [e for e in given if getattr(e, "card", None) == "5H"]
    assert [type(e).__name__ for e in turned_last[-2:]] == ["CardDeclined", "CardLeft"]


# --- stakes and the game's end ------------------------------------------------------------------------

def _win_after_draws(draws: int, **rules):
    """Given `draws` drawn hands, Bob melds 11 at once in the next hand."""
    before = [GameCreated(PLAYERS, Rules(**rules))]
    for hand in range(draws):  # the deal alternates: the last drawn hand was Bob's, this one is Ann's
        before += drawn_hand(hand, dealer=(draws - hand) % 2)
    bob = ["AS", "AH", "AD", "2S", "2H", "2D", "3S", "3H", "3D", "2C"]
    given = dealt(bob, ANN_CARDS, "AC", hand=draws, before=before)
    eleven = [["AS", "AH", "AD", "AC"], ["2S", "2H", "2D", "2C"], ["3S", "3H", "3D"]]
    return given, Take(BOB, eleven)


@pytest.mark.parametrize("stakes, draws, won", [
    ("carry", 0, 1), ("carry", 1, 2), ("carry", 2, 3), ("double", 2, 4), ("double", 3, 8), ("none", 3, 1),
])
def test_the_winner_scores_the_stake_that_the_drawn_hands_before_carry(stakes, draws, won):
    given, take = _win_after_draws(draws, draw_stakes=stakes, target_score=100)
    assert see(fold(given), ANN).stake == won
    events = when(given, take)
    assert [r.score for r in events[1].results] == [0, won] and len(events) == 2  # the game goes on
    assert fold(given + events).drawn == 0  # a won hand ends the run of drawn ones


def test_the_game_ends_when_a_total_reaches_the_target():
    given, take = _win_after_draws(2, target_score=3)
    assert when(given, take)[-1] == GameEnded((BOB,), (0, 3), "target")
    given, take = _win_after_draws(1, target_score=3)
    assert not isinstance(when(given, take)[-1], GameEnded)


def test_drawn_hands_count_towards_max_hands_and_a_tie_shares_the_win():
    given = [GameCreated(PLAYERS, Rules(max_hands=2))] + drawn_hand(0)
    state = fold(given)
    assert state.hands_played == 1 and state.status == "active"
    given = stock_run_out(forcing=False, max_hands=1)
    events = when(given, Decline(BOB))
    assert events[-1] == GameEnded((ANN, BOB), (0, 0), "max_hands")

"""Gin's rules (docs/rules/gin.md), the wall and the game, as given events ->
when a command -> then events or an error (tests/test_gin_rules.py: the deal,
the upcard, a turn, knocking)."""

import pytest

from domain.gin.actions import legal_actions
from domain.gin.commands import Discard, Draw, Knock, Layoff, Pass, Show
from domain.gin.events import (
    CardDiscarded,
    GameEnded,
    HandEnded,
    HandShown,
    HandStarted,
    Knocked,
    SeatBonus,
)
from domain.gin.evolve import fold
from domain.gin.rules import Rules
from domain.kernel import errors as err
from tests.gin_builders import PLAYERS, after, dealt, played_hand, when

# Ann (seat 0) deals; Bob (seat 1), the non-dealer, is offered the upcard 2H first.
BOB = ["AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C", "KD"]  # melds, and KD (10) dead
ANN = ["4S", "10C", "QH", "QS", "QD", "5H", "6H", "7H", "JC", "KC"]  # QQQ, 5H-6H-7H; 4S 10C JC KC dead
WORKED = dealt(BOB, ANN, "2H", stock=["9H", "KH"])
BOB_MELDS = (("AS", "2S", "3S"), ("4H", "4D", "4C"), ("7C", "8C", "9C"))
BOTH_PASSED = after(WORKED, Pass(1), Pass(0))


# --- the wall ------------------------------------------------------------------------------------------------------

def _down_to(stock_left: int):
    """Both pass, then each draws from the stock and throws the card back, until `stock_left` remain."""
    events = list(BOTH_PASSED)
    state = fold(events)
    while state.hand.stock > stock_left:
        seat = state.hand.turn
        drawn = state.hand.deck[state.hand.stock_pos]
        events = after(events, Draw(seat, "stock"), Discard(seat, drawn))
        state = fold(events)
    return events, state


def test_the_turn_that_leaves_two_cards_in_the_stock_is_the_last_a_dead_hand_scores_nothing():
    given, state = _down_to(3)
    seat = state.hand.turn
    card = state.hand.deck[state.hand.stock_pos]
    given = after(given, Draw(seat, "stock"))
    assert fold(given).hand.stock == 2
    events = when(given, Discard(seat, card))
    assert events[0] == CardDiscarded(seat, card)
    assert isinstance(events[1], HandEnded) and events[1].reason == "wall"
    assert [r.score for r in events[1].results] == [0, 0]
    assert len(events) == 2  # no game end: the game goes on


def test_a_knock_on_the_last_turn_still_counts():
    # Bob holds his melds and KD: after a pass/pass the stock is run down, then Bob knocks with KD on the last turn
    given, state = _down_to(3)
    assert state.hand.turn == 1  # 29 stock draws, Bob's first: the 29th is his
    given = after(given, Draw(1, "stock"))
    assert fold(given).hand.stock == 2
    listed = [c for c in legal_actions(fold(given), 1) if isinstance(c, Knock)]
    assert listed
    events = when(given, listed[0])
    assert isinstance(events[0], Knocked) and len(events) == 1
    events = after(given, listed[0], legal_actions(fold(after(given, listed[0])), 0)[0])
    assert events[-1].reason in ("knock", "undercut", "gin")


# --- the game ------------------------------------------------------------------------------------------------------

def _worked_final(before):
    """The worked knock (Bob scores 8) as the next hand of a game given by `before`."""
    hand = fold(before).hands_played
    given = dealt(BOB, ANN, "2H", dealer=0, hand=hand, before=before)
    given = after(given, Draw(1, "discard"), Knock(1, "KD", BOB_MELDS))
    return when(given, Show(0, (("QH", "QS", "QD"), ("5H", "6H", "7H")),
                            (Layoff(0, ("4S",)), Layoff(2, ("10C", "JC")))))


def test_a_game_to_100_with_game_shutout_and_line_bonuses():
    from domain.gin.events import GameCreated
    before = [GameCreated(PLAYERS, Rules())]
    before += played_hand(0, 0, (0, 50), "knock")
    before += played_hand(1, 1, (0, 0), "wall")
    before += played_hand(2, 0, (0, 45), "gin")
    events = _worked_final(before)  # Bob: 50 + 45 + 8 = 103
    ended = events[-1]
    assert ended == GameEnded(winners=(1,), totals=(0, 103 + 3 * 20 + 100 + 100), reason="target", points=(0, 103),
                              bonuses=(SeatBonus(0, 0, 0, 0, 0), SeatBonus(1, 3, 60, 100, 100)))
    assert fold(before).status == "active"


def test_no_shutout_when_the_loser_scored_and_both_get_line_bonuses():
    from domain.gin.events import GameCreated
    before = [GameCreated(PLAYERS, Rules())]
    before += played_hand(0, 0, (30, 0), "undercut")
    before += played_hand(1, 1, (0, 95), "knock")
    ended = _worked_final(before)[-1]
    assert ended.points == (30, 103)
    assert ended.bonuses == (SeatBonus(0, 1, 20, 0, 0), SeatBonus(1, 2, 40, 100, 0))
    assert ended.totals == (50, 243) and ended.winners == (1,)


def test_the_highest_final_total_wins_even_against_the_player_who_reached_100_and_ties_are_shared():
    from domain.gin.events import GameCreated
    before = [GameCreated(PLAYERS, Rules())]
    before += played_hand(0, 0, (0, 92), "gin")
    for k in range(1, 9):
        before += played_hand(k, k % 2, (10, 0), "knock")  # Ann wins 8 hands for 80
    ended = _worked_final(before)[-1]
    assert ended.points == (80, 100)
    assert ended.totals == (80 + 160, 100 + 40 + 100) == (240, 240)
    assert ended.winners == (0, 1)  # a drawn game
    before = before[:-2]  # Ann won 7 hands for 70: 210 against 240
    ended = _worked_final(before)[-1]
    assert ended.winners == (1,)


def test_the_game_also_ends_after_max_hands():
    given, state = _down_to(3)
    given = [given[0].__class__(PLAYERS, Rules(max_hands=1))] + given[1:]
    state = fold(given)
    seat = state.hand.turn
    card = state.hand.deck[state.hand.stock_pos]
    events = when(after(given, Draw(seat, "stock")), Discard(seat, card))
    assert events[-1] == GameEnded((0, 1), (0, 0), "max_hands", (0, 0),
                                   (SeatBonus(0, 0, 0, 0, 0), SeatBonus(1, 0, 0, 0, 0)))


def test_after_a_game_ends_nothing_more_is_played():
    from domain.gin.events import GameCreated
    before = [GameCreated(PLAYERS, Rules(target_score=5))]
    hand = dealt(BOB, ANN, "2H", before=before)
    events = after(hand, Draw(1, "discard"), Knock(1, "KD", BOB_MELDS), Show(0, (), ()))
    state = fold(events)
    assert state.status == "finished" and state.turn_seat is None and not state.needs_deal
    with pytest.raises(err.GameOver):
        when(events, Draw(0, "stock"))
    assert isinstance(events[-1], GameEnded) and isinstance(events[-3], HandShown)
    assert not isinstance(events[-1], HandStarted)

"""Rummy's empty stock and the end of the game (docs/rules/rummy.md): the
whole pile turned over as the new stock, at most `stock_renewals` times a hand,
else the hand ends dead (exhausted); exhausted hands count as hands; and when
the game ends under each scoring."""

import pytest

from domain.kernel import errors as err
from domain.rummy.commands import Discard, Draw, Meld
from domain.rummy.decide import decide
from domain.rummy.events import CardDrawn, GameEnded, HandEnded, HandResult, StockRenewed
from domain.rummy.rules import Rules
from domain.rummy.scoring import game_end
from tests.rummy_builders import DISCARD_PILE, STOCK, dealt, drained, fold, then, when

A = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "2H", "3H", "9D"]
B = ["8H", "8D", "JS", "3C", "4D", "QH", "10C", "AS", "QS", "6H"]


def empty_stock(**rules):
    given = drained(dealt([A, B], "9C", stock=["4S", "5D"], **rules))
    hand = fold(given).hand
    assert hand.stock == () and len(hand.pile) == 32 and hand.pile[:3] == ("9C", "4S", "5D")
    return given


def test_a_draw_from_an_empty_stock_turns_the_whole_pile_over_the_oldest_card_on_top():
    given = empty_stock()
    seat = fold(given).hand.turn
    events = when(given, Draw(seat, STOCK))
    assert events == [StockRenewed(32), CardDrawn(seat, "9C", STOCK)]
    hand = fold(given + events).hand
    assert hand.pile == () and hand.stock[:2] == ("4S", "5D") and len(hand.stock) == 31 and hand.renewals == 1


def test_facing_an_empty_stock_a_seat_may_take_the_top_discard_instead():
    given = empty_stock()
    hand = fold(given).hand
    events = when(given, Draw(hand.turn, DISCARD_PILE))
    assert events == [CardDrawn(hand.turn, hand.pile[-1], DISCARD_PILE)]


def test_after_the_last_renewal_a_draw_from_the_empty_stock_ends_the_hand_dead():
    once = empty_stock()
    seat = fold(once).hand.turn
    renewed = drained(then(once, Draw(seat, STOCK), Discard(seat, "9C")))
    state = fold(renewed)
    assert state.hand.stock == () and state.hand.renewals == 1
    events = when(renewed, Draw(state.hand.turn, STOCK))
    assert [type(e) for e in events] == [HandEnded]  # no CardDrawn
    ended = events[0]
    assert ended.reason == "exhausted" and all(r.score == 0 and not r.out and not r.rummy for r in ended.results)
    assert [r.cards_left for r in ended.results] == [10, 10]
    assert fold(renewed + events).totals == (0, 0)


def test_no_renewal_at_all_with_stock_renewals_0():
    given = empty_stock(stock_renewals=0)
    events = when(given, Draw(fold(given).hand.turn, STOCK))
    assert [type(e) for e in events] == [HandEnded] and events[0].reason == "exhausted"


def test_more_renewals_when_the_rules_allow_them():
    once = empty_stock(stock_renewals=2)
    seat = fold(once).hand.turn
    renewed = drained(then(once, Draw(seat, STOCK), Discard(seat, "9C")))
    events = when(renewed, Draw(fold(renewed).hand.turn, STOCK))
    assert isinstance(events[0], StockRenewed) and isinstance(events[1], CardDrawn)
    assert fold(renewed + events).hand.renewals == 2


def test_an_empty_pile_cannot_renew_the_stock():
    given = empty_stock()
    state = fold(given)
    state = state._replace(hand=state.hand._replace(pile=()))  # (only after a renewal and an empty-handed turn)
    (ended,) = decide(state, Draw(state.hand.turn, STOCK))
    assert ended.reason == "exhausted"
    with pytest.raises(err.PileEmpty):
        decide(state, Draw(state.hand.turn, DISCARD_PILE))


# --- the game's end ---------------------------------------------------------------------------

def played(state, *commands):
    for command in commands:
        state = fold(decide(state, command), state)
    return state


@pytest.mark.parametrize("scoring, totals, ended", [
    ("collect", (40, 90), GameEnded((0,), (110, 90), "target")),  # seat 0 collects 70: 110
    ("collect", (20, 90), None),  # 90 is no total at the target
    ("penalty", (40, 20), GameEnded((0,), (40, 90), "target")),  # seat 1 scores its own 70: 90, the limit
])
def test_the_game_ends_after_the_hand_in_which_a_total_reaches_the_target(scoring, totals, ended):
    given = dealt([["KH", "KD", "KC", "8C", "8D", "8S", "AS", "2S", "3S", "4S"],
                   ["AD", "3D", "5D", "7D", "9D", "JD", "KS", "QC", "10C", "5C"]], "2C", melds_per_turn="any",
                  scoring=scoring, target_score=90 if scoring == "penalty" else 100)
    state = fold(given)
    down = played(state._replace(totals=totals), Draw(0, DISCARD_PILE), Meld(0, ("KH", "KD", "KC")),
                  Meld(0, ("8S", "8D", "8C")), Meld(0, ("AS", "2S", "3S", "4S")))
    events = decide(down, Discard(0, "2C"))
    assert events[1].results[1].value == 70
    assert (events[2] if len(events) > 2 else None) == ended


@pytest.mark.parametrize("totals, over", [
    ((99, 50, 0), None),
    ((100, 50, 0), ((0,), "target")),
    ((30, 120, 0), ((1,), "target")),
])
def test_collect_the_highest_total_wins_at_the_target(totals, over):
    assert game_end(Rules(), totals, 3) == over


@pytest.mark.parametrize("totals, over", [
    ((99, 50, 0), None),
    ((100, 50, 7), ((2,), "target")),  # the lowest total wins once a total reaches the target
    ((100, 7, 7), ((1, 2), "target")),  # an equal lowest total shares the win
])
def test_penalty_the_game_ends_when_a_total_reaches_the_target_and_the_lowest_wins(totals, over):
    assert game_end(Rules(scoring="penalty"), totals, 3) == over


def test_hands_plays_exactly_that_many_hands_the_best_total_winning_ties_sharing():
    assert game_end(Rules(hands=3), (500, 0), 2) is None  # the target does not end it
    assert game_end(Rules(hands=3), (20, 20, 5), 3) == ((0, 1), "hands")
    assert game_end(Rules(hands=3, scoring="penalty"), (20, 20, 5), 3) == ((2,), "hands")


def test_max_hands_ends_any_game_the_best_total_winning():
    assert game_end(Rules(max_hands=4), (20, 30), 4) == ((1,), "max_hands")
    assert game_end(Rules(max_hands=4, scoring="penalty"), (20, 30), 4) == ((0,), "max_hands")


def test_withdrawn_seats_neither_win_nor_end_the_game():
    assert game_end(Rules(), (150, 20, 30), 2, out=(0,)) is None
    assert game_end(Rules(max_hands=2), (150, 20, 30), 2, out=(0,)) == ((2,), "max_hands")


def test_an_exhausted_hand_counts_towards_hands():
    once = empty_stock(hands=1)
    seat = fold(once).hand.turn
    renewed = drained(then(once, Draw(seat, STOCK), Discard(seat, "9C")))
    events = when(renewed, Draw(fold(renewed).hand.turn, STOCK))
    assert events[0].reason == "exhausted" and events[1] == GameEnded((0, 1), (0, 0), "hands")


def test_hand_results_in_an_exhausted_hand():
    once = empty_stock(stock_renewals=0)
    (ended,) = when(once, Draw(fold(once).hand.turn, STOCK))
    hands = fold(once).hand.hands
    values = {"A": 1, "J": 10, "Q": 10, "K": 10}
    worth = [sum(values.get(c[0], 0) or int(c[:-1]) for c in cards) for cards in hands]
    assert ended.results == (HandResult(0, 10, worth[0], 0, False, False), HandResult(1, 10, worth[1], 0, False, False))

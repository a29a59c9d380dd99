"""Kalooki's hands and game (docs/rules/kalooki.md) as given events -> when a
command -> then events: going out, penalties and scores, elimination strictly
above the threshold, collect scoring, the first seat rotating among the seats
still in, deal sizes, the empty stock and the taken card."""

import pytest

from domain.kalooki.commands import Discard, DrawFrom, Open
from domain.kalooki.decide import decide
from domain.kalooki.events import (
    CardDiscarded,
    CardDrawn,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    PlayerEliminated,
    StockRenewed,
)
from domain.kalooki.rules import deal_size
from domain.kernel import errors as err
from domain.kernel.deals import StartHand
from tests.kalooki_builders import dealt, fold, stacked_deck, then


def opening(*melds):
    return tuple({"cards": list(cards), "wild": list(wild)} for cards, wild in melds)


def _about_to_go_out(**rules):
    """Seat 0 holds five cards (two melds' worth and one to discard after a draw)
    and has opened; seat 1 holds JK AS KD 5C and eleven more."""
    given = dealt([["JS", "QS", "KS", "6H", "7H", "8H", "4C", "4D", "4S", "9C", "9D", "9S", "2H", "3H", "5S"],
                   ["JK", "AS", "KD", "5C"]], "10H", stock=["7D", "8D"], **rules)
    given = then(given, DrawFrom(0, "stock"))
    given = then(given, Open(0, opening((("JS", "QS", "KS"), ()), (("6H", "7H", "8H"), ()),
                                        (("4C", "4D", "4S"), ()), (("9C", "9D", "9S"), ()))))
    return then(given, Discard(0, "7D"))


def test_going_out_ends_the_hand_and_each_other_seat_adds_its_penalty():
    given = _about_to_go_out()
    seat1 = fold(given).hand.hands[1]
    given = then(given, DrawFrom(1, "stock"))
    given = then(given, Discard(1, "8D"))
    state = fold(given)  # seat 0 holds 2H 3H 5S: give it its last card to discard
    hand = state.hand
    state = state._replace(hand=hand._replace(hands=(("5S",), seat1), phase="play", turn=0))
    events = decide(state, Discard(0, "5S"))
    assert events[0] == CardDiscarded(0, "5S")
    ended = events[1]
    assert isinstance(ended, HandEnded) and ended.reason == "out"
    penalty = 25 + 11 + 10 + 5 + sum(_penalty(c) for c in seat1[4:])
    assert ended.results[0] == HandResult(0, 0, 0, 0, 0, False)
    assert ended.results[1] == HandResult(1, 15, penalty, penalty, penalty, False)


def _penalty(card):
    from domain.kalooki.melds import penalty
    return penalty(card)


def _ending_state(totals, hands, out=None, **rules):
    """A state in which seat 0 is about to discard its last card, the others holding `hands`."""
    n = len(hands) + 1
    given = dealt([["5S"]] + [[] for _ in hands], "10H", **rules)
    state = fold(given)
    state = state._replace(totals=tuple(totals), out=tuple(out or (False,) * n))
    return state._replace(hand=state.hand._replace(hands=(("5S",),) + tuple(tuple(h) for h in hands),
                                                   phase="play", turn=0))


def test_elimination_is_strictly_above_150():
    state = _ending_state((0, 140, 141, 0), [["JH"], ["QH"], ["2C"]])
    events = decide(state, Discard(0, "5S"))
    assert [e for e in events if isinstance(e, PlayerEliminated)] == [PlayerEliminated(2, 151)]
    assert events[1].results[1].total == 150
    assert not any(isinstance(e, GameEnded) for e in events)
    assert fold(events, state).out == (False, False, True, False)


def test_the_last_seat_left_wins():
    state = _ending_state((0, 141, 0), [["JK"], ["2C"]], out=(False, False, True))
    events = decide(state, Discard(0, "5S"))
    assert events[-2:] == [PlayerEliminated(1, 166), GameEnded((0,), (0, 166, 0), "target")]


def test_a_seat_out_of_the_game_scores_nothing_and_holds_nothing():
    state = _ending_state((0, 20, 160), [["JK"], []], out=(False, False, True))
    ended = decide(state, Discard(0, "5S"))[1]
    assert ended.results[2] == HandResult(2, 0, 0, 0, 160, False)


def test_collect_the_seat_that_went_out_scores_the_others_penalties_and_wins_at_250():
    state = _ending_state((200, 0, 0), [["JK", "AS"], ["KD", "5C"]], scoring="collect")
    events = decide(state, Discard(0, "5S"))
    assert [r.score for r in events[1].results] == [51, 0, 0]
    assert events[-1] == GameEnded((0,), (251, 0, 0), "target")
    assert not any(isinstance(e, PlayerEliminated) for e in events)


def test_a_kalooki_going_out_in_the_turn_of_the_opening_is_recorded_not_scored():
    state = _ending_state((0, 0), [["KD"]])
    state = state._replace(hand=state.hand._replace(opened_now=True))
    ended = decide(state, Discard(0, "5S"))[1]
    assert ended.results[0].kalooki and ended.results[0].score == 0 and ended.results[1].score == 10


@pytest.mark.parametrize("seats_in, size", [(2, 15), (3, 15), (4, 15), (5, 13), (6, 11)])
def test_deal_sizes_count_the_seats_still_in(seats_in, size):
    assert deal_size(seats_in) == size
    given = dealt([[] for _ in range(6)], "10H", out=tuple(range(seats_in, 6)))
    assert [len(h) for h in fold(given).hand.hands] == [size] * seats_in + [0] * (6 - seats_in)


def test_the_first_seat_rotates_among_the_seats_still_in():
    given = dealt([[], [], [], []], "10H", first=1, out=(2,))
    state = fold(given)
    assert fold(given).hand.hands[2] == ()
    starts = []
    for _ in range(3):
        state = state._replace(hand=state.hand._replace(phase="ended"), results=state.results + ((),))
        deck = stacked_deck([[], [], [], []], "10H", first=0, out=(2,))
        (started,) = decide(state, StartHand(deck, "00"))
        starts.append((started.first_seat, started.dealer))
        state = fold([started], state)
    assert starts == [(3, 1), (0, 3), (1, 0)]
    assert state.hand.turn == 1


def test_turns_skip_a_seat_out_of_the_game():
    given = dealt([[], [], [], []], "10H", first=1, out=(2,))
    given = then(given, DrawFrom(1, "stock"))
    card = fold(given).hand.hands[1][0]
    assert fold(then(given, Discard(1, card))).hand.turn == 3


def _empty_stock(renewals=1):
    given = dealt([[], []], "10H", stock_renewals=renewals)
    state = fold(given)
    return state._replace(hand=state.hand._replace(stock=(), pile=("2C", "3C", "4C"), renewals=0))


def test_an_empty_stock_turns_the_whole_pile_over_unshuffled():
    events = decide(_empty_stock(), DrawFrom(0, "stock"))
    assert events == [StockRenewed(3), CardDrawn(0, "2C", "stock")]
    after = fold(events, _empty_stock())
    assert after.hand.stock == ("3C", "4C") and after.hand.pile == ()


def test_after_the_renewals_an_empty_stock_ends_the_hand_dead():
    state = _empty_stock(renewals=0)
    events = decide(state, DrawFrom(0, "stock"))
    assert isinstance(events[0], HandEnded) and events[0].reason == "exhausted"
    assert all(r.score == 0 for r in events[0].results)


def test_the_taken_card_is_not_discarded_in_the_same_turn_unless_last():
    state = _ending_state((0, 0), [["KD"]])
    state = state._replace(hand=state.hand._replace(
        hands=(("5S", "7C", "9D"), ("KD",)), taken="7C", opened=(True, False)))
    with pytest.raises(err.RuleViolation) as refused:
        decide(state, Discard(0, "7C"))
    assert refused.value.code == "taken_card"
    assert decide(state, Discard(0, "5S")) == [CardDiscarded(0, "5S")]
    twice = state._replace(hand=state.hand._replace(hands=(("7C", "7C", "9D"), ("KD",))))
    assert decide(twice, Discard(0, "7C")) == [CardDiscarded(0, "7C")]


def test_once_opened_a_seat_may_draw_the_top_discard():
    state = _ending_state((0, 0), [["KD"]])
    state = state._replace(hand=state.hand._replace(phase="draw", opened=(True, False)))
    assert decide(state, DrawFrom(0, "discard")) == [CardDrawn(0, "10H", "discard")]


def test_a_hand_started_names_the_first_seat_and_the_upcard():
    started = dealt([[], [], []], "QC", first=0)[-1]
    assert isinstance(started, HandStarted) and (started.first_seat, started.dealer, started.upcard) == (0, 2, "QC")
    assert fold(dealt([[], [], []], "QC")).hand.pile == ("QC",)

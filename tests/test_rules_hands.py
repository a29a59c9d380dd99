"""The end of a hand, scoring, and the end of the game (docs/rules/iceberg.md), including the
worked example, whose totals are exact."""

import pytest

from domain.engine import play
from domain.iceberg.commands import CreateGame, Discard, Draw, LayOff, Meld, Player, StartHand
from domain.iceberg.decide import decide
from domain.iceberg.events import (
    AceRevealed,
    CardDiscarded,
    CardDrawn,
    CardPickedUp,
    CardsLaidOff,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    MeldLaid,
)
from domain.iceberg.evolve import fold
from domain.iceberg.rules import Rules
from domain.iceberg.state import INITIAL
from domain.kernel import errors as err
from domain.kernel.deals import commitment
from domain.kernel.ending import scoring_end
from tests.builders import dealt, fixed_dealer, new_game, stacked_deck, when
from tests.worked_example import STOCK, TURNS, A, B, C


def play_worked_example(**rules):
    deck = stacked_deck([A, B, C], STOCK)
    log, state = new_game(3, dealer=fixed_dealer(deck, deck), **rules)
    for command in TURNS:
        events, state = play(state, command, fixed_dealer(deck))
        log += events
    return log, state


def hand_ended(log):
    return next(e for e in log if isinstance(e, HandEnded))


def test_worked_example_multiplier():
    log, _ = play_worked_example()
    ended = hand_ended(log)
    assert ended.reason == "out"
    assert ended.results == (HandResult(0, 50, 0, 0, 1, 100), HandResult(1, 10, 5, 80, 0, -120),
                             HandResult(2, 60, 5, 20, 1, -20))


def test_worked_example_bonus():
    log, _ = play_worked_example(ace_rule="bonus")
    assert [r.total for r in hand_ended(log).results] == [70, -120, 10]


def test_worked_example_events_carry_the_points():
    log, _ = play_worked_example()
    points = [e.points for e in log if isinstance(e, (MeldLaid, CardsLaidOff))]
    assert points == [30, 10, 20, 40, 10, 10]


def test_going_out_by_discarding_the_last_card_ends_the_hand_at_once():
    log, state = play_worked_example()
    last = log.index(hand_ended(log))
    assert log[last - 1] == CardDiscarded(0, 2, "8D")
    assert state.totals == (100, -120, -20)


def test_the_hand_ends_when_a_meld_empties_the_hand_with_no_discard():
    a = ["9S", "8S", "7S", "6S", "5S", "4S", "3S"]
    b = ["KH", "JH", "3D", "QH", "JD", "8D", "JC"]
    c = ["AC", "10D", "9D", "4D", "2D", "KC", "QC"]
    given = dealt([a, b, c], stock=["10S"]) + [CardDrawn(0, "10S")]
    events = when(given, Meld(0, tuple(a) + ("10S",)))
    assert isinstance(events[0], MeldLaid) and events[0].points == 330
    ended = events[1]
    assert ended.reason == "out"
    # B: the run JH QH KH (30) and the pair JD JC (10) beat the set of jacks (30);
    # C was dealt an ace it never turned up: an ace held, not a card left
    assert ended.results == (HandResult(0, 330, 0, 0, 0, 330), HandResult(1, 0, 7, 40, 0, -110),
                             HandResult(2, 0, 6, 0, 1, -120))


def test_the_last_ace_ends_the_hand_after_that_players_melds_and_discard():
    a = ["AS", "AH", "AD", "9S", "8S", "7S", "JH"]
    given = dealt([a, B, C], stock=["3C", "6C", "AC"])
    given += [CardDrawn(0, "3C"), AceRevealed(0, "AS"), AceRevealed(0, "AH"), AceRevealed(0, "AD"),
              MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30), CardDiscarded(0, 2, "JH"),
              CardDrawn(1, "6C"), CardDiscarded(1, 0, "8D"), CardPickedUp(2, "JH")]
    drawn = when(given, Draw(2))
    assert drawn == [CardDrawn(2, "AC"), AceRevealed(2, "AC")]  # the fourth ace: no end yet
    given += drawn
    laid = when(given, LayOff(2, "m1", ("6S",)))
    assert laid == [CardsLaidOff(2, "m1", ("6S",), 40)]  # the turn goes on
    events = when(given + laid, Discard(2, "2D"))
    assert events[0] == CardDiscarded(2, 1, "2D")
    ended = events[1]
    assert ended.reason == "last_ace"
    # A: 3C left (8D waits for A, out of play); B: JS JD JC a set; C: six left
    assert ended.results == (HandResult(0, 30, 1, 0, 3, 80), HandResult(1, 0, 7, 30, 0, -100),
                             HandResult(2, 40, 6, 0, 1, -40))


def test_a_hand_holding_only_aces_is_empty_after_the_draw_and_is_out():
    hands = [["AS", "AH", "AD", "AC", "AS", "AH", "AD"], ["2S", "3S", "4D", "5D", "9C", "10C", "JC"],
             ["2H", "3H", "4H", "5H", "9H", "10H", "JH"], ["2D", "3D", "4S", "5S", "9S", "10S", "JS"]]
    given = dealt(hands, stock=["AC"], decks=2)
    events = when(given, Draw(0))
    assert events[:9] == [CardDrawn(0, "AC")] + [AceRevealed(0, c) for c in hands[0] + ["AC"]]
    assert events[9].reason == "out" and events[9].results[0].aces == 8


def test_the_stock_running_out_is_a_bug_not_a_rule():
    state = fold(dealt([A, B, C]))
    broken = state._replace(hand=state.hand._replace(stock_pos=len(state.hand.deck)))
    with pytest.raises(err.InvariantBroken):
        decide(broken, Draw(0))


def test_commands_between_hands_are_refused():
    log, _ = play_worked_example()
    upto = log.index(hand_ended(log)) + 1
    with pytest.raises(err.HandOver):
        when(log[:upto], Draw(1))


def test_the_next_hand_starts_with_the_next_seat():
    log, state = play_worked_example()
    started = [e for e in log if isinstance(e, HandStarted)]
    assert [(e.hand, e.first_seat) for e in started] == [(0, 0), (1, 1)]
    assert state.hand.turn == 1
    assert state.hand.hands[1][0] == started[1].deck[0]  # seat 1 is dealt first


def test_a_game_ends_when_a_total_reaches_the_target():
    log, state = play_worked_example(target_score=100)
    assert log[-1] == GameEnded(winners=(0,), totals=(100, -120, -20), reason="target")
    assert state.status == "finished"
    with pytest.raises(err.GameOver):
        decide(state, Draw(1))


def test_below_the_target_the_next_hand_is_dealt_in_the_same_batch():
    log, state = play_worked_example(target_score=101)
    assert isinstance(log[-1], HandStarted) and state.status == "active"


def _earlier_hands(totals, **rules):
    """Given-events: three finished hands leaving these totals, then the
    worked example dealt as hand 3 (seat 3 mod 3 = 0 plays first)."""
    deck = stacked_deck([A, B, C], STOCK)
    given = [dealt([A, B, C], STOCK, **rules)[0]]
    for hand in range(3):
        given += [HandStarted(hand, hand, commitment(deck, "s"), deck, "s"),
                  HandEnded(hand, "out", tuple(HandResult(s, 0, 0, 0, 0, totals[s] if hand == 0 else 0)
                                               for s in range(3)), deck, "s")]
    given.append(HandStarted(3, 0, commitment(deck, "s"), deck, "s"))
    return given


def _finish_worked_hand(given):
    state = fold(given)
    log = []
    for command in TURNS:
        events, state = play(state, command, fixed_dealer(stacked_deck([A, B, C], STOCK)))
        log += events
    return log, state


def test_a_shared_highest_total_above_the_target_plays_another_hand():
    log, state = _finish_worked_hand(_earlier_hands((0, 220, 0), target_score=50))
    assert state.totals == (100, 100, -20)
    assert not any(isinstance(e, GameEnded) for e in log)
    assert state.status == "active" and state.hand.number == 4


def test_a_sole_leader_above_the_target_wins():
    log, state = _finish_worked_hand(_earlier_hands((0, 219, 0), target_score=50))
    assert log[-1] == GameEnded(winners=(0,), totals=(100, 99, -20), reason="target")


def test_a_fixed_number_of_hands_ends_the_game_and_a_tie_is_a_shared_win():
    log, state = _finish_worked_hand(_earlier_hands((0, 220, 0), hands=4))
    assert log[-1] == GameEnded(winners=(0, 1), totals=(100, 100, -20), reason="hands")
    log, _ = play_worked_example(hands=1)
    assert log[-1] == GameEnded(winners=(0,), totals=(100, -120, -20), reason="hands")


def test_max_hands_ends_a_game_below_the_target():
    log, state = play_worked_example(max_hands=1)
    assert log[-1] == GameEnded(winners=(0,), totals=(100, -120, -20), reason="max_hands")
    assert state.status == "finished"


def test_winners_rule_in_isolation():
    target = Rules(target_score=100)
    assert scoring_end(target, (99, 50), 1) is None
    assert scoring_end(target, (100, 50), 1) == ((0,), "target")
    assert scoring_end(target, (120, 120), 1) is None
    assert scoring_end(Rules(hands=2), (500, 1), 1) is None
    assert scoring_end(Rules(hands=2), (5, 5), 2) == ((0, 1), "hands")


def test_every_game_ends_after_max_hands_highest_total_winning():
    assert Rules().max_hands == 100
    assert scoring_end(Rules(), (4999, 10), 99) is None
    assert scoring_end(Rules(), (4999, 10), 100) == ((0,), "max_hands")
    assert scoring_end(Rules(max_hands=3), (70, 70, 5), 3) == ((0, 1), "max_hands")  # a shared lead shares the win
    assert scoring_end(Rules(max_hands=3, target_score=50), (70, 5), 3) == ((0,), "target")  # the target first
    assert scoring_end(Rules(hands=3, max_hands=3), (70, 5), 3) == ((0,), "hands")  # the chosen count first


def test_totals_are_the_sum_of_hand_results():
    _, state = _finish_worked_hand(_earlier_hands((0, 220, 0), target_score=50))
    sums = tuple(sum(r[s].total for r in state.results) for s in range(3))
    assert sums == state.totals


# --- creating games and dealing ----------------------------------------------------------

PLAYERS = (Player("Ann"), Player("Bo"))


def test_create_game_then_deal():
    events = decide(INITIAL, CreateGame(PLAYERS))
    assert [type(e).__name__ for e in events] == ["GameCreated"]
    state = fold(events)
    assert state.needs_deal and state.decks == 1


@pytest.mark.parametrize("players, decks, expected", [(2, "auto", 1), (3, "auto", 1), (4, "auto", 2),
                                                      (6, "auto", 2), (6, 1, 1), (2, 2, 2)])
def test_decks_auto_one_or_two(players, decks, expected):
    state = fold(decide(INITIAL, CreateGame(tuple(Player(f"P{i}") for i in range(players)), Rules(decks=decks))))
    assert state.decks == expected


@pytest.mark.parametrize("players", [
    (Player("solo"),), tuple(Player(f"P{i}") for i in range(7)),
    (Player(""), Player("Bo")), (Player("Ann"), Player("Bo", bot="clever")),
])
def test_impossible_player_lists_are_refused(players):
    with pytest.raises(err.InvalidPlayers):
        decide(INITIAL, CreateGame(players))


@pytest.mark.parametrize("options", [
    {"ace_rule": "double"}, {"decks": 3}, {"decks": True}, {"target_score": 0}, {"hands": 0},
    {"turn_timeout_s": 0}, {"target_score": "5000"}, {"colour": "red"},
])
def test_impossible_rules_are_refused(options):
    with pytest.raises(err.InvalidRules):
        Rules.from_dict(options)


def test_a_deck_that_is_not_the_games_pack_is_refused():
    state = fold(decide(INITIAL, CreateGame(PLAYERS)))
    deck = stacked_deck([A, B], STOCK)
    for bad in (deck[:-1], deck[:-1] + ("2S",), deck + ("2S",), deck * 2):
        with pytest.raises(err.InvalidDeck):
            decide(state, StartHand(bad, "salt"))
    assert decide(state, StartHand(deck, "salt"))[0].deck == deck


def test_dealing_during_a_hand_and_creating_twice_are_refused():
    state = fold(dealt([A, B, C]))
    with pytest.raises(err.HandInProgress):
        decide(state, StartHand(state.hand.deck, "salt"))
    with pytest.raises(err.GameExists):
        decide(state, CreateGame(PLAYERS))
    with pytest.raises(err.NoGame):
        decide(INITIAL, Draw(0))

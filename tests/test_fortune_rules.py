"""Fortune Rummy's rules (docs/rules/fortune.md) as
given events -> when a command -> then events or an error."""

import pytest

from domain import registry
from domain.fortune.commands import Discard, Draw, LayOff, Meld, TakePile
from domain.fortune.errors import QueenOfSpades
from domain.fortune.events import (
    CardDiscarded,
    CardDrawn,
    CardsLaidOff,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    MeldLaid,
    PileTaken,
    StockRenewed,
)
from domain.fortune.melds import analyse, penalty
from domain.fortune.rules import Rules
from domain.kernel import errors as err
from domain.kernel.deals import commitment
from tests.fortune_builders import dealt, fold, stacked_deck, then, when

A = ["5S", "6S", "7S", "KH", "KD", "QS", "2C", "AH", "9C", "9D", "4H"]
B = ["8H", "8D", "JS", "3C", "3D", "2H", "10C", "AS", "KS", "6H", "7D"]
GIVEN = dealt([A, B], "9H", stock=["QH", "5D", "KC"])
A_DREW = GIVEN + [CardDrawn(0, "QH")]


def test_the_deal_gives_eleven_each_turns_one_up_and_the_rest_is_the_stock():
    hand = fold(GIVEN).hand
    assert [sorted(h) for h in hand.hands] == [sorted(A), sorted(B)]
    assert hand.pile == ("9H",) and len(hand.stock) == 104 - 22 - 1
    assert hand.stock[:3] == ("QH", "5D", "KC")
    assert (hand.turn, hand.dealer, hand.phase) == (0, 1, "draw")


def test_the_first_player_and_the_dealer_rotate_with_the_hand_number():
    deck = stacked_deck([A, B, []], "9H")
    state = fold(dealt([A, B, []], "9H"))
    for number in range(4):
        state = state._replace(results=((),) * number)
        events = when_deal(state, deck)
        assert (events[0].first_seat, events[0].dealer) == (number % 3, (number - 1) % 3)


def when_deal(state, deck):
    from domain.fortune.decide import decide
    from domain.kernel.deals import StartHand
    state = state._replace(hand=state.hand._replace(phase="ended"))
    return decide(state, StartHand(deck, "00"))


def test_draw_takes_the_top_card_of_the_stock():
    assert when(GIVEN, Draw(0)) == [CardDrawn(0, "QH")]


def test_only_the_seat_to_move_acts_and_it_draws_first():
    with pytest.raises(err.NotYourTurn):
        when(GIVEN, Draw(1))
    with pytest.raises(err.MustDraw):
        when(GIVEN, Meld(0, ("5S", "6S", "7S"), ()))
    with pytest.raises(err.MustDraw):
        when(GIVEN, Discard(0, "4H"))
    with pytest.raises(err.AlreadyDrawn):
        when(A_DREW, Draw(0))
    with pytest.raises(err.AlreadyDrawn):
        when(A_DREW, TakePile(0, ("9C", "9D"), ()))


def test_taking_the_pile_melds_its_top_card_with_two_hand_cards_at_once():
    events = when(GIVEN, TakePile(0, ("9C", "9D"), ()))
    assert events == [PileTaken(0, ("9H",)), MeldLaid(0, "m1", "set", ("9H", "9D", "9C"), (), 30)]
    hand = fold(GIVEN + events).hand
    assert hand.pile == () and hand.phase == "play" and len(hand.hands[0]) == 9


def test_the_whole_pile_goes_to_the_taker():
    given = then(A_DREW, Discard(0, "4H"))
    given = then(given, Draw(1))
    given = then(given, Discard(1, "KS"))  # pile: 9H 4H KS
    events = when(given, TakePile(0, ("KH", "KD"), ()))
    assert events[0] == PileTaken(0, ("9H", "4H", "KS"))
    assert events[1] == MeldLaid(0, "m1", "set", ("KS", "KH", "KD"), (), 30)
    assert sorted(fold(given + events).hand.hands[0]) == sorted(set(A) - {"KH", "KD", "4H"} | {"QH", "9H", "4H"})


def test_taking_the_pile_needs_a_meld_of_its_top_card_and_two_hand_cards():
    with pytest.raises(err.InvalidMeld):
        when(GIVEN, TakePile(0, ("9C",), ()))  # one hand card is not enough
    with pytest.raises(err.InvalidMeld):
        when(GIVEN, TakePile(0, ("KH", "KD"), ()))  # the top card is a 9
    with pytest.raises(err.CardNotInHand):
        when(GIVEN, TakePile(0, ("9H", "9C"), ()))  # the top card itself is not in hand


def test_a_deuce_may_help_meld_the_top_card():
    events = when(GIVEN, TakePile(0, ("9C", "2C"), ("9S",)))
    assert events[1] == MeldLaid(0, "m1", "set", ("9H", "9C", "2C"), ("9S",), 30)


def test_melds_are_sets_of_three_or_four_and_runs_of_three_or_more():
    assert when(A_DREW, Meld(0, ("5S", "6S", "7S"), ())) == [MeldLaid(0, "m1", "run", ("5S", "6S", "7S"), (), 15)]
    assert when(A_DREW, Meld(0, ("KH", "KD", "2C"), ("KS",))) == \
        [MeldLaid(0, "m1", "set", ("KH", "KD", "2C"), ("KS",), 30)]
    with pytest.raises(err.InvalidMeld):
        when(A_DREW, Meld(0, ("KH", "KD"), ()))
    with pytest.raises(err.InvalidMeld):
        when(A_DREW, Meld(0, ("5S", "6S", "9C"), ()))


def test_sets_are_capped_at_four_cards():
    assert analyse(("7H", "7H", "7S", "7D"), ()) is not None  # two decks: the same card twice
    assert analyse(("7H", "7H", "7S", "7D", "7C"), ()) is None
    assert analyse(("7H", "7S", "7D", "7C", "2C"), ("7H",)) is None
    hand = ["7H", "7S", "7D", "7C", "7H", "2D"]
    given = dealt([hand, B], "9H", stock=["QH"]) + [CardDrawn(0, "QH")]
    given = then(given, Meld(0, ("7H", "7S", "7D", "7C"), ()))
    with pytest.raises(err.InvalidLayoff):
        when(given, LayOff(0, "m1", ("7H",), ()))
    with pytest.raises(err.InvalidLayoff):
        when(given, LayOff(0, "m1", ("2D",), ("7H",)))


def test_lay_offs_go_on_your_own_melds_only():
    given = then(A_DREW, Meld(0, ("5S", "6S", "7S"), ()))
    assert when(given, LayOff(0, "m1", ("2C",), ("8S",))) == [CardsLaidOff(0, "m1", ("2C",), ("8S",), 10)]
    given = then(given, Discard(0, "4H"))
    given = then(given, Draw(1))
    with pytest.raises(err.NotYourMeld):
        when(given, LayOff(1, "m1", ("2H",), ("4S",)))
    given = then(given, Meld(1, ("8H", "8D", "2H"), ("8S",)))
    assert fold(given).hand.meld("m2").owner == 1


def test_a_lay_off_extends_a_run_at_either_end_or_both():
    given = then(A_DREW, Meld(0, ("5S", "6S", "7S"), ()))
    assert when(given, LayOff(0, "m1", ("2C",), ("4S",))) == [CardsLaidOff(0, "m1", ("2C",), ("4S",), 5)]
    with pytest.raises(err.InvalidLayoff):
        when(given, LayOff(0, "m1", ("2C",), ("9S",)))  # a gap
    with pytest.raises(err.InvalidLayoff):
        when(given, LayOff(0, "m1", ("2C",), ("6S",)))  # that place is taken


def test_aces_are_high_or_low_but_never_around_the_corner():
    queen_king_ace = analyse(("QH", "KH", "AH"), ())
    assert queen_king_ace.kind == "run" and queen_king_ace.points == 30  # the high ace scores 10
    ace_two_three = analyse(("AH", "2C", "3H"), ("2H",))
    assert ace_two_three.kind == "run" and ace_two_three.points == 15  # the low ace 5, the deuce as a 2 5
    assert analyse(("KH", "AH", "2C"), ("2H",)) is None
    assert analyse(("KH", "2C", "AH", "2D"), ("QH", "2H")) is None
    aces = analyse(("AH", "AS", "AD"), ())
    assert aces.kind == "set" and aces.points == 30  # a set of aces: 10 each
    given = dealt([["QH", "KH", "AH", "AS", "3S", "2D"], B], "9H", stock=["JD"]) + [CardDrawn(0, "JD")]
    assert when(given, Meld(0, ("AH", "QH", "KH"), ())) == [MeldLaid(0, "m1", "run", ("QH", "KH", "AH"), (), 30)]
    assert when(given, Meld(0, ("AS", "2D", "3S"), ("2S",))) == \
        [MeldLaid(0, "m1", "run", ("AS", "2D", "3S"), ("2S",), 15)]


def test_each_deuce_scores_as_the_card_it_stands_for():
    assert analyse(("JH", "QH", "2C"), ("KH",)).points == 30  # as a king: 10
    assert analyse(("4H", "5H", "2C"), ("6H",)).points == 15  # as a 6: 5
    assert analyse(("JS", "KS", "2C"), ("QS",)).points == 30  # as the queen of spades: 10, not 50
    assert analyse(("AD", "2C", "3D"), ("2D",)).points == 15  # as a 2: 5
    assert analyse(("AD", "AC", "2C"), ("AH",)).points == 30  # as an ace of a set of aces: 10
    assert analyse(("QD", "KD", "2C"), ("AD",)).points == 30  # as a high ace: 10
    assert analyse(("2C", "2D", "3D"), ("AD", "2D")).points == 15  # as a low ace: 5


def test_a_meld_is_never_of_deuces_alone_and_every_deuce_states_its_stand_in():
    given = dealt([["2C", "2D", "2H", "2S", "5S", "6S"], B], "9H", stock=["JD"]) + [CardDrawn(0, "JD")]
    with pytest.raises(err.InvalidMeld):
        when(given, Meld(0, ("2C", "2D", "2H"), ("2S", "3S", "4S")))
    with pytest.raises(err.InvalidMeld):
        when(given, Meld(0, ("2C", "2D", "2H"), ("7H", "7S", "7D")))
    with pytest.raises(err.InvalidMeld):
        when(given, Meld(0, ("5S", "6S", "2C"), ()))  # the deuce's stand-in is missing
    with pytest.raises(err.InvalidMeld):
        when(given, Meld(0, ("5S", "6S", "2C"), ("7S", "8S")))  # one too many
    # two deuces of one code may stand for different cards
    events = when(given, Meld(0, ("5S", "6S", "2C", "2D"), ("7S", "4S")))
    assert events == [MeldLaid(0, "m1", "run", ("2D", "5S", "6S", "2C"), ("4S", "7S"), 20)]


def test_a_deuce_alone_may_be_laid_off_on_your_own_meld_with_its_stand_in():
    given = dealt([["2C", "5S", "6S", "7S"], B], "9H", stock=["JD"]) + [CardDrawn(0, "JD")]
    given = then(given, Meld(0, ("5S", "6S", "7S"), ()))
    assert when(given, LayOff(0, "m1", ("2C",), ("8S",))) == [CardsLaidOff(0, "m1", ("2C",), ("8S",), 10)]


def test_the_queen_of_spades_scores_fifty_when_melded():
    assert analyse(("QS", "QH", "QD"), ()).points == 70
    assert analyse(("JS", "QS", "KS"), ()).points == 70


def test_the_queen_of_spades_is_never_discarded_except_as_the_last_card():
    with pytest.raises(QueenOfSpades):
        when(A_DREW, Discard(0, "QS"))
    given = dealt([["QS", "5S", "6S", "7S"], B], "9H", stock=["8S"]) + [CardDrawn(0, "8S")]
    given = then(given, Meld(0, ("5S", "6S", "7S", "8S"), ()))
    # the other filler cards still in hand
    held = fold(given).hand.hands[0]
    assert "QS" in held and len(held) > 1
    with pytest.raises(QueenOfSpades):
        when(given, Discard(0, "QS"))


def test_going_out_on_the_queen_of_spades_is_a_discard_that_ends_the_hand():
    hand = ["QS", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KS", "AS", "2D"]
    given = dealt([hand, B], "9H", stock=["4S"]) + [CardDrawn(0, "4S")]
    given = then(given, Meld(0, ("4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "2D", "KS", "AS"),
                             ("QS",)))
    assert fold(given).hand.hands[0] == ("QS",)
    events = when(given, Discard(0, "QS"))
    assert events[0] == CardDiscarded(0, "QS")
    assert isinstance(events[1], HandEnded) and events[1].reason == "out"
    assert events[1].results[0] == HandResult(0, 90, 0, 0, 90)  # 4-7 5 each, 8-K and the high ace 10 each; no bonus for going out


def test_nothing_but_queens_of_spades_left_may_discard_one():
    hand = ["QS", "QS", "5S", "6S", "7S"]
    given = dealt([hand, B], "9H", stock=["8S"]) + [CardDrawn(0, "8S")]
    state = fold(given)
    hand0 = tuple(c for c in state.hand.hands[0] if c in ("QS", "5S", "6S", "7S", "8S"))
    state = state._replace(hand=state.hand._replace(hands=(hand0,) + state.hand.hands[1:]))
    from domain.fortune.decide import decide
    events = decide(state, Meld(0, ("5S", "6S", "7S", "8S"), ()))
    from domain.fortune.evolve import evolve
    for e in events:
        state = evolve(state, e)
    assert state.hand.hands[0] == ("QS", "QS")
    assert decide(state, Discard(0, "QS")) == [CardDiscarded(0, "QS")]


def test_the_hand_ends_when_a_hand_is_empty_even_without_a_discard():
    hand = ["5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "3S"]
    given = dealt([hand, B], "9H", stock=["4S"]) + [CardDrawn(0, "4S")]
    events = when(given, Meld(0, ("3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"), ()))
    assert isinstance(events[-1], HandEnded) and events[-1].reason == "out"
    penalty_b = sum(penalty(c) for c in fold(given).hand.hands[1])
    assert events[-1].results[1] == HandResult(1, 0, 11, penalty_b, -penalty_b)
    assert events[-1].results[0].total == 5 * 5 + 5 * 10 + 50 + 10  # 3-7, 8-K but Q, the queen of spades, the high ace


def test_cards_left_in_hand_cost_their_penalty():
    assert [penalty(c) for c in ("KH", "8C", "7D", "3S", "QS", "AH", "2C", "QH")] == [10, 10, 5, 5, 50, 10, 10, 10]


def _empty_stock(n=8, renewals=2):
    """An 8-seat hand (stock of 15) played until the stock is empty: each seat
    draws and discards what it drew."""
    stock = ["3H", "4D", "5C", "6H", "7D", "8C", "9H", "10D", "JC", "KH", "4C", "5H", "6D", "7C", "8H"]
    given = dealt([[] for _ in range(n)], "9S", stock=stock, stock_renewals=renewals)
    state = fold(given)
    while state.hand.stock:
        seat = state.hand.turn
        given = then(given, Draw(seat))
        given = then(given, Discard(seat, given[-1].card))
        state = fold(given)
    return given, state


def test_an_empty_stock_is_renewed_from_the_pile_turned_over_unshuffled():
    given, state = _empty_stock()
    pile = state.hand.pile
    assert pile[0] == "9S" and len(pile) == 16
    seat = state.hand.turn
    events = when(given, Draw(seat))
    assert events == [StockRenewed(15), CardDrawn(seat, "9S")]  # the old bottom card is the new top
    after = fold(given + events).hand
    assert after.pile == (pile[-1],) and after.stock == pile[1:-1] and after.renewals == 1


def test_a_stock_that_cannot_be_renewed_ends_the_hand_on_the_next_draw():
    given, state = _empty_stock(renewals=0)
    events = when(given, Draw(state.hand.turn))
    assert isinstance(events[0], HandEnded) and events[0].reason == "exhausted"
    assert all(r.total == -r.penalty for r in events[0].results)


SPADES = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
ALL_SPADES = ("3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS")


def _second_hand_after(totals, target=500):
    """Hand 0 ended with these totals; in hand 1 seat 1 plays first (draws 4D and
    discards it), then seat 0 draws AS and can meld its whole hand: 3S up to AS."""
    given = dealt([SPADES, B], "9H", target_score=target)
    results = tuple(HandResult(s, t, 0, 0, t) for s, t in enumerate(totals))
    deck1 = stacked_deck([SPADES, B], "9H", stock=["4D", "AS"], first=1)
    return given + [HandEnded(0, "out", results, given[1].deck, "5a17"),
                    HandStarted(1, 0, 1, "9H", commitment(deck1, "5a17"), deck1, "5a17"),
                    CardDrawn(1, "4D"), CardDiscarded(1, "4D"), CardDrawn(0, "AS")]


def test_the_game_ends_when_a_sole_leader_reaches_500():
    events = when(_second_hand_after((400, 480)), Meld(0, ALL_SPADES, ()))
    assert events[0] == MeldLaid(0, "m1", "run", ALL_SPADES, (), 135)  # 3-7 25, 8-K 50, QS 50, high ace 10
    assert events[1].results == (HandResult(0, 135, 0, 0, 135), HandResult(1, 0, 11, 90, -90))
    assert events[2] == GameEnded((0,), (535, 390), "target")


def test_a_shared_highest_total_plays_on():
    events = when(_second_hand_after((400, 625)), Meld(0, ALL_SPADES, ()))
    assert isinstance(events[-1], HandEnded)  # 535 each: no winner yet
    state = fold(_second_hand_after((400, 625)) + events)
    assert state.totals == (535, 535) and state.status == "active" and state.needs_deal


def test_below_the_target_the_game_goes_on():
    from domain.kernel.ending import scoring_end
    assert scoring_end(Rules(), (500, 500, 20), 3) is None
    assert scoring_end(Rules(), (510, 500, 20), 3) == ((0,), "target")
    assert scoring_end(Rules(), (490, 480), 3) is None
    assert scoring_end(Rules(hands=2), (490, 490), 2) == ((0, 1), "hands")
    assert scoring_end(Rules(), (490, 480), 100) == ((0,), "max_hands")


def test_hidden_information_the_drawn_card_is_its_takers_and_the_deck_is_sealed():
    variant = registry.named("fortune")
    assert variant.hidden["CardDrawn"].field == "card" and variant.hidden["CardDrawn"].seen_by == "seat"
    assert set(variant.hidden) == {"CardDrawn"}
    assert variant.sealed == {"HandStarted": ("deck", "salt")}
    assert GameEnded  # public

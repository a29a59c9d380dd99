"""Rummy's legal-action listing and its bots (docs/rules/rummy.md): what a
seat is offered, checked against a brute force that shares no code with the
listing, and how the random and greedy bots choose."""

import random
from itertools import combinations

from domain import registry
from domain.rummy.actions import options
from domain.rummy.bots import POLICIES
from domain.rummy.commands import Discard, Draw, Meld
from domain.rummy.views import see
from tests.rummy_builders import DISCARD_PILE, STOCK, dealt, fold, then

RUMMY = registry.named("rummy")
PLACES = {"A": 1, "J": 11, "Q": 12, "K": 13}


def place(card):
    return PLACES.get(card[:-1]) or int(card[:-1])


def is_meld(cards) -> bool:
    """By the book, apart from the code under test: 3-4 of a rank, or 3+ of a suit in a row, the ace low."""
    if len(cards) < 3:
        return False
    if len({c[:-1] for c in cards}) == 1:
        return len(cards) <= 4
    if len({c[-1] for c in cards}) != 1:
        return False
    places = sorted(place(c) for c in cards)
    return places == list(range(places[0], places[0] + len(places)))


def listed(given, seat):
    return options(see(fold(given), seat))


def test_the_draw_is_offered_from_both_piles_and_nothing_else():
    given = dealt([[], []], "9H")
    assert listed(given, 0) == [("draw", STOCK), ("draw", DISCARD_PILE)]
    assert listed(given, 1) == []


def test_every_valid_meld_of_the_hand_is_offered_and_nothing_else(seed=3):
    rng = random.Random(seed)
    deck = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"]
    for _ in range(300):
        hand = rng.sample(deck, 11)
        rest = [c for c in deck if c not in hand]
        given = then(dealt([hand[:10], []], hand[10], stock=[rest[0]], melds_per_turn="any"), Draw(0, DISCARD_PILE))
        offered = {frozenset(o[1]) for o in listed(given, 0) if o[0] == "meld"}
        every = {frozenset(c) for k in range(3, 12) for c in combinations(hand, k) if is_meld(c)}
        assert offered == every, hand


def test_the_cards_that_fit_a_meld_are_those_that_leave_a_meld(seed=4):
    from domain.rummy.actions import melds
    from domain.rummy.melds import fitting
    rng = random.Random(seed)
    deck = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"]
    checked = 0
    for _ in range(200):
        for meld in melds(rng.sample(deck, 12)):
            kind = "set" if len({c[:-1] for c in meld}) == 1 else "run"
            assert fitting(kind, meld) == {c for c in deck if c not in meld and is_meld(meld + (c,))}, meld
            checked += 1
    assert checked > 200


def test_every_single_card_lay_off_is_offered():
    given = dealt([["5S", "6S", "7S", "QC"], ["8S", "4S", "KH", "9S"]], "2D", stock=["9H", "4D"])
    b_turn = then(given, Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "9H"), Draw(1, STOCK))
    layoffs = sorted(o for o in listed(b_turn, 1) if o[0] == "layoff")
    assert layoffs == [("layoff", "m1", ("4S",)), ("layoff", "m1", ("8S",))]


def test_no_lay_off_is_offered_without_a_meld_of_one_s_own_under_the_option():
    given = dealt([["5S", "6S", "7S", "QC"], ["8S", "4S", "KH", "9S"]], "2D", stock=["9H", "4D"],
                  layoff_after_own_meld=True)
    b_turn = then(given, Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "9H"), Draw(1, STOCK))
    assert not [o for o in listed(b_turn, 1) if o[0] == "layoff"]


def test_the_taken_card_is_not_offered_as_a_discard_and_melds_stop_at_the_limit():
    given = dealt([["KH", "KD", "KC", "8C", "8D", "8S"], []], "2C")
    took = then(given, Draw(0, DISCARD_PILE))
    assert ("discard", "2C") not in listed(took, 0) and ("discard", "KH") in listed(took, 0)
    melded = then(took, Meld(0, ("KH", "KD", "KC")))
    assert not [o for o in listed(melded, 0) if o[0] == "meld"]


EMPTY = ["5S", "6S", "7S", "8S", "KH", "KD", "KC", "9D", "9C", "9H"]
B_OTHER = ["AD", "3D", "6D", "JD", "QC", "5H", "2H", "8C", "10H", "4C"]


def bare(stock):
    given = dealt([EMPTY, B_OTHER], "4S", stock=stock, melds_per_turn="any", discard_to_go_out=True)
    return then(given, Draw(0, DISCARD_PILE), Meld(0, ("4S", "5S", "6S", "7S", "8S")), Meld(0, ("KH", "KD", "KC")),
                Meld(0, ("9H", "9D", "9C")), Draw(1, STOCK), Discard(1, stock[0]))


def test_an_empty_handed_seat_is_offered_the_stock_then_its_lay_offs_or_else_its_discard():
    fits = bare(["QH", "9S"])
    assert listed(fits, 0) == [("draw", STOCK)]
    # 9S extends 4S-8S and completes the nines: the seat picks the meld
    assert listed(then(fits, Draw(0, STOCK)), 0) == [("layoff", "m1", ("9S",)), ("layoff", "m3", ("9S",))]
    fits_not = bare(["QH", "2D"])
    assert listed(then(fits_not, Draw(0, STOCK)), 0) == [("discard", "2D")]


def test_the_stock_draw_is_offered_even_when_it_would_exhaust_the_hand():
    state = fold(dealt([[], []], "9H", stock_renewals=0))
    state = state._replace(hand=state.hand._replace(stock=()))
    assert options(see(state, 0))[0] == ("draw", STOCK)


# --- the bots ---------------------------------------------------------------------------------

def greedy(given, seat):
    state = fold(given)
    return POLICIES["greedy"](see(state, seat), random.Random(0))


def test_greedy_takes_the_top_discard_only_when_it_melds_or_lays_off_at_once():
    assert greedy(dealt([["7H", "8H", "2C"], []], "9H"), 0) == Draw(0, DISCARD_PILE)  # 7H 8H 9H
    assert greedy(dealt([["9S", "9D", "2C"], []], "9H"), 0) == Draw(0, DISCARD_PILE)  # a set
    assert greedy(dealt([["7H", "2C", "QS"], []], "9H"), 0) == Draw(0, STOCK)


def test_greedy_takes_a_discard_it_can_lay_off():
    given = dealt([["5S", "6S", "7S", "QC"], ["KH", "KD", "2C"]], "2D", stock=["9H"])
    b_turn = then(given, Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "QC"))
    assert greedy(b_turn, 1) == Draw(1, STOCK)  # QC lays off nowhere, melds with nothing
    given = dealt([["5S", "6S", "7S", "8S"], ["KH", "KD", "2C"]], "2D", stock=["9H"])
    b_turn = then(given, Draw(0, STOCK), Meld(0, ("5S", "6S", "7S")), Discard(0, "8S"))
    assert greedy(b_turn, 1) == Draw(1, DISCARD_PILE)  # 8S goes on 5S-7S


def test_greedy_lays_its_largest_meld_then_every_lay_off():
    given = then(dealt([["KH", "KD", "KC", "4C", "5C", "6C", "7C", "QS"], []], "2S", stock=["8C"],
                       melds_per_turn="any"), Draw(0, STOCK))
    assert greedy(given, 0) == Meld(0, ("4C", "5C", "6C", "7C", "8C"))
    assert greedy(then(given, Meld(0, ("4C", "5C", "6C", "7C", "8C"))), 0) == Meld(0, ("KH", "KD", "KC"))


def test_greedy_discards_the_highest_card_with_no_partner():
    # 10D has no partner; KS and QS are partners (same suit, a rank apart); 3H has 4H
    given = then(dealt([["KS", "QS", "10D", "3H", "4H", "2C", "7D", "9C", "AH", "6S"], []], "JC", stock=["5D"]),
                 Draw(0, STOCK))
    assert greedy(given, 0) == Discard(0, "10D")


def test_greedy_ties_go_to_the_higher_card():
    given = then(dealt([["KS", "QH", "2C", "7D", "4S", "9C", "AH", "6H", "8D", "JC"], []], "3D", stock=["5C"]),
                 Draw(0, STOCK))
    # KS, QH, JC are loners worth 10: the king goes
    assert greedy(given, 0) == Discard(0, "KS")


def test_the_bots_play_only_listed_actions_and_alike_on_equal_views():
    for name, policy in POLICIES.items():
        for seed in range(3):
            given = dealt([[], [], []], "9H")
            state = fold(given)
            for _ in range(40):
                seat = state.turn_seat
                if seat is None:
                    break
                view = RUMMY.view_for(name)(state, seat)  # the expert's has `known`
                chosen = policy(view, random.Random(seed))
                assert chosen == policy(view, random.Random(seed))
                assert chosen in RUMMY.legal_actions(state, seat), (name, chosen)
                events, state = RUMMY.decide(state, chosen)

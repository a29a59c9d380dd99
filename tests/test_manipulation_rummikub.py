"""Manipulation's solver against rummikub-solver (PyPI, MIT; an exact MILP
after den Hertog and Hulshof), an independent referee: without jokers its
groups and runs are exactly our sets and runs once suits S H D C are its first
four colours and ranks 2 ... A its numbers 1 ... 13 (the ace high, nothing
wrapping). On random positions with tables of up to 60 cards and hands of up to
20 it finds the most rack tiles that can be placed; so must we. A few hundred
positions here (bench/manipulation_solver.py runs thousands and times both)."""

import random

import rummikub_solver

from domain.manipulation.play import best, can_play
from tests.manipulation_positions import position

SUITS = ("S", "H", "D", "C")
RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
RULES = rummikub_solver.RuleSet(numbers=13, repeats=2, colours=4, jokers=0, min_len=3, min_initial_value=1)


def tile(card: str):
    """Our card as its tile: colour = the suit's place in S H D C, number = rank - 1 (2 is 1, the ace 13)."""
    return RULES.tiles[SUITS.index(card[-1]) * 13 + RANKS[card[:-1]] - 2]


def placed_by_referee(table, hand) -> int:
    state = RULES.new_game()
    cards = [c for meld in table for c in meld]
    if cards:
        state.add_table(*map(tile, cards))
    state.add_rack(*map(tile, hand))
    state.initial = False
    found = RULES.solve(state)
    return len(found.tiles) if found else 0


def test_the_mapping_holds_on_the_sources_own_example_and_at_the_ace():
    table = (("4C", "5C", "6C"), ("7C", "7H", "7S"))
    assert placed_by_referee(table, ("7D", "8C", "2H")) == 2 == len(best(table, ("7D", "8C", "2H"), False)[0])
    assert placed_by_referee((), ("QS", "KS", "AS")) == 3 and best((), ("QS", "KS", "AS"), False)
    assert placed_by_referee((), ("AS", "2S", "3S")) == 0 and best((), ("AS", "2S", "3S"), False) is None


def test_our_solver_places_as_many_cards_as_rummikub_solver_on_random_positions():
    rng = random.Random(26)
    plays = 0
    for _ in range(300):
        table, hand = position(rng, rng.randint(0, 60), rng.randint(1, 20))
        expected = placed_by_referee(table, hand)
        found = best(table, hand, False)
        assert (len(found[0]) if found else 0) == expected, (table, hand)
        assert can_play(table, hand, False) == (expected > 0)
        plays += expected > 0
    assert plays > 100


def test_an_opening_places_as_many_as_rummikub_solver_does_from_the_rack_alone():
    rng = random.Random(27)
    for _ in range(100):
        table, hand = position(rng, rng.randint(0, 60), rng.randint(1, 20))
        expected = placed_by_referee((), hand)
        found = best(table, hand, True)
        assert (len(found[0]) if found else 0) == expected, (table, hand)

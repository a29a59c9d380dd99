"""Gin's exact deadwood solvers (domain/gin/deadwood.py) against the exhaustive
brute force of tests/gin_oracle.py, on thousands of positions from fixed seeds
(every run checks the same positions). The solvers' speed is a benchmark:
bench/gin_deadwood.py."""

import random

import pytest

from domain.gin.deadwood import (
    best_arrangement,
    best_knock,
    check_defence,
    defender_best,
    legal_knocks,
    min_deadwood,
)
from tests.gin_oracle import (
    BF_DECK,
    assert_arrangement_sound,
    assert_defence_sound,
    bf_defender_min,
    bf_is_meld,
    bf_layable_sets,
    bf_melds_of,
    bf_min_deadwood,
    bf_value,
    contested_position,
    defender_position,
    meldy_hand,
    random_hand,
)

# --- the oracle itself ----------------------------------------------------------------


def test_the_oracle_agrees_with_the_rules_page():
    assert bf_is_meld(["AS", "2S", "3S"]) and not bf_is_meld(["QS", "KS", "AS"])
    assert not bf_is_meld(["KS", "AS", "2S"])
    assert bf_is_meld(["7S", "7H", "7D", "7C"]) and not bf_is_meld(["7S", "7H"])
    assert bf_value("AS") == 1 and bf_value("10D") == 10 and bf_value("KC") == 10
    assert bf_layable_sets(frozenset({"4H", "5H"}), [("6H", "7H", "8H")]) == {
        frozenset(),
        frozenset({"5H"}),
        frozenset({"4H", "5H"}),
    }


# --- against the brute force ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["random", "meldy"])
def test_best_arrangement_and_min_deadwood_are_exact(kind):
    rng = random.Random(20240601 if kind == "random" else 7)
    make = random_hand if kind == "random" else meldy_hand
    for i in range(3000):
        hand = make(rng, 10 if i % 3 else rng.randint(1, 11))
        expected = bf_min_deadwood(hand)
        arr = best_arrangement(hand)
        assert_arrangement_sound(hand, arr)
        assert arr.points == expected, hand
        assert min_deadwood(hand) == expected, hand


def _knock_positions(seed: int, count: int):
    """(11-card hand, the brute force's least deadwood after each discard), meld-rich and random by turns."""
    rng = random.Random(seed)
    for i in range(count):
        hand = meldy_hand(rng, 11) if i % 2 else random_hand(rng, 11)
        melds = bf_melds_of(hand)
        yield hand, {card: bf_min_deadwood(set(hand) - {card}, melds) for card in hand}


def test_best_knock_is_exact():
    for hand, expected in _knock_positions(99, 1000):
        assert best_knock(hand) == expected, hand
        assert legal_knocks(hand) == {c: p for c, p in expected.items() if p <= 10}


def test_defender_best_is_exact():
    rng = random.Random(4242)
    for i in range(1200):
        hand, knocker = defender_position(rng, rng.randint(3, 9))
        allow = i % 10 != 0
        expected = bf_defender_min(hand, knocker, allow)
        d = defender_best(hand, knocker, allow_layoffs=allow)
        assert_defence_sound(hand, knocker, d, allow)
        assert d.points == expected, (hand, knocker)
        # the engine's check accepts what the solver found, with the same result
        again = check_defence(hand, d.melds, d.layoffs, knocker, allow_layoffs=allow)
        assert again == d


def test_defender_best_is_exact_when_lay_offs_compete_with_own_melds():
    rng = random.Random(8080)
    for _ in range(800):
        hand, knocker = contested_position(rng, rng.randint(4, 10))
        d = defender_best(hand, knocker)
        assert_defence_sound(hand, knocker, d)
        assert d.points == bf_defender_min(hand, knocker), (hand, knocker)


def test_defender_best_is_exact_on_full_hands():
    # 10-card defenders against the knocker's real best arrangement of 10 cards
    rng = random.Random(31)
    for i in range(300):
        deck = rng.sample(BF_DECK, 20) if i % 2 else meldy_hand(rng, 20)
        knocker = best_arrangement(deck[:10]).melds
        hand = deck[10:]
        d = defender_best(hand, knocker)
        assert_defence_sound(hand, knocker, d)
        assert d.points <= min_deadwood(hand)
        assert d.points == bf_defender_min(hand, knocker), (hand, knocker)


def test_the_remembered_answers_stay_exact_when_the_memory_empties(monkeypatch):
    """least.py remembers answers across hands and empties its memory when full,
    even in the middle of a search: every answer must stay exact."""
    from domain.gin import least

    monkeypatch.setattr(least, "REMEMBERED", 40)  # emptied every few hands, mid-search too
    least.forget()
    for hand, expected in _knock_positions(41, 300):
        assert best_knock(hand) == expected, hand
        assert min_deadwood(hand[:10]) == bf_min_deadwood(hand[:10]), hand
    least.forget()

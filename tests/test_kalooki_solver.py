"""Kalooki's exact opening solver (domain/kalooki/solver.py) and its meld check
(melds.analyse, which judges every declared opening) against an exhaustive
brute force that shares no code with them: every way to split a small hand
into groups (or keep cards), every stand-in for every joker of a group, its
own idea of a set and a run. Thousands of positions, a few seconds."""

import random
from functools import lru_cache
from itertools import product

import pytest

from domain.kalooki.melds import analyse
from domain.kalooki.solver import best_opening

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
SUITS = "SHDC"
EVERY_CARD = [r + s for r in RANKS for s in SUITS]


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def worth_in_set(rank: str) -> int:
    return {"A": 11, "K": 10, "Q": 10, "J": 10}.get(rank) or int(rank)


def run_spots(roles, ace_low):
    """Every way to place these roles (one suit) as a run: a list of positions per way."""
    found = []
    for ace_spot in ((14, 1) if ace_low else (14,)):
        spots = [ace_spot if rank_of(r) == "A" else RANKS.index(rank_of(r)) + 2 for r in roles]
        ordered = sorted(spots)
        if ordered == list(range(ordered[0], ordered[0] + len(ordered))) and len(ordered) <= 13:
            found.append(spots)
    return found


def spot_worth(spot: int) -> int:
    return 11 if spot == 14 else 1 if spot == 1 else min(spot, 10)


def group_worth(cards, roles, ace_low):
    """The best worth of these cards with these roles as one meld, or None."""
    if len(cards) < 3 or all(c == "JK" for c in cards):
        return None
    best = None
    if len({rank_of(r) for r in roles}) == 1 and len(cards) <= 4 and len({suit_of(r) for r in roles}) == len(roles):
        best = worth_in_set(rank_of(roles[0])) * len(roles)
    if len({suit_of(r) for r in roles}) == 1:
        for spots in run_spots(roles, ace_low):
            total = sum(spot_worth(s) for s in spots)
            best = total if best is None else max(best, total)
    return best


@lru_cache(maxsize=None)
def group_best(cards: tuple, ace_low: bool):
    """The best worth of a group over every stand-in of its jokers, or None."""
    jokers = cards.count("JK")
    naturals = [c for c in cards if c != "JK"]
    best = None
    for stand_ins in product(EVERY_CARD, repeat=jokers):
        worth = group_worth(cards, tuple(naturals) + stand_ins, ace_low)
        if worth is not None and (best is None or worth > best):
            best = worth
    return best


def brute_best(hand, ace_low, must=None):
    """(value, cards) of the best opening, by trying every labelling of the cards:
    0 kept, or a group number in order of first use."""
    n, best = len(hand), (0, 0)

    def go(i, labels, groups):
        nonlocal best
        if i == n:
            split = {}
            for card, label in zip(hand, labels):
                if label:
                    split.setdefault(label, []).append(card)
            if must is not None and labels[hand.index(must)] == 0:
                return
            value = 0
            for cards in split.values():
                worth = group_best(tuple(sorted(cards)), ace_low)
                if worth is None:
                    return
                value += worth
            best = max(best, (value, sum(len(c) for c in split.values())))
            return
        for label in range(0, groups + 2):
            go(i + 1, labels + [label], groups + (label == groups + 1))

    go(0, [], 0)
    return best if best != (0, 0) else ((0, 0) if must is None else None)


POOL = [r + s for r in ["10", "J", "Q", "K", "A", "2", "3"] for s in "SH"] * 2 + ["JK"] * 4


def positions(count: int, seed: int, sizes):
    rng = random.Random(seed)
    for _ in range(count):
        hand = rng.sample(POOL, rng.choice(sizes))
        if hand.count("JK") <= 2:
            yield hand, rng.random() < 0.3


def check_solution(hand, ace_low, found):
    """The solver's melds are valid by the brute force's rules, disjoint, within the hand, and add up."""
    rest = list(hand)
    value = 0
    for cards, wild in found.melds:
        for card in cards:
            rest.remove(card)
        naturals = tuple(c for c in cards if c != "JK")
        worth = group_worth(cards, naturals + tuple(wild), ace_low)
        assert worth is not None, (hand, found)
        value += worth
    assert (value, sum(len(c) for c, _ in found.melds)) == (found.value, found.cards)


@pytest.mark.parametrize("seed", range(4))
def test_the_best_opening_is_the_brute_force_s_best(seed):
    for hand, ace_low in positions(350, seed, sizes=(3, 4, 5, 6)):
        found = best_opening(tuple(hand), ace_low)
        assert (found.value, found.cards) == brute_best(hand, ace_low), hand
        check_solution(hand, ace_low, found)


def test_the_best_opening_on_seven_cards_is_the_brute_force_s_best():
    for hand, ace_low in positions(120, 9, sizes=(7,)):
        found = best_opening(tuple(hand), ace_low)
        assert (found.value, found.cards) == brute_best(hand, ace_low), hand


def test_the_best_opening_that_takes_the_discard_is_the_brute_force_s_best():
    for hand, ace_low in positions(600, 11, sizes=(4, 5, 6)):
        must = hand[0]  # a natural, or a joker: then any joker melded will do
        found = best_opening(tuple(hand), ace_low, must=must)
        expected = brute_best(hand, ace_low, must=must)
        assert ((found.value, found.cards) if found.melds else None) == expected, (hand, must)
        if found.melds:
            assert any(must in cards for cards, _ in found.melds)
            check_solution(hand, ace_low, found)


def test_the_meld_check_judges_every_declared_meld_as_the_brute_force_does():
    rng = random.Random(5)
    for _ in range(6000):
        size = rng.choice((2, 3, 3, 4, 4, 5))
        cards = tuple(rng.choice(POOL) for _ in range(size))
        jokers = cards.count("JK")
        near = [r + s for r in ["10", "J", "Q", "K", "A", "2", "3", "4"] for s in "SHDC"]
        wild = tuple(rng.choice(near) for _ in range(jokers))
        ace_low = rng.random() < 0.5
        naturals = tuple(c for c in cards if c != "JK")
        theirs = group_worth(cards, naturals + wild, ace_low)
        ours = analyse(cards, wild, ace_low)
        assert (ours is not None) == (theirs is not None), (cards, wild, ace_low)
        if ours is not None:
            assert ours.value == theirs, (cards, wild)


def test_an_opening_is_accepted_exactly_when_the_brute_force_finds_it_legal():
    """Random declared openings (groups of the hand, random stand-ins, some
    cards not held) against the rules' `open`: accepted exactly when every
    group is a meld by the brute force's rules, the cards are held, and the
    worth, jokers at their declared stand-ins, reaches initial_meld (25 here)."""
    from domain.kalooki.commands import DrawFrom, Open
    from domain.kalooki.plays import melds
    from domain.kernel.errors import RuleViolation
    from tests.kalooki_builders import dealt, fold, then

    rng = random.Random(7)
    base = fold(then(dealt([[], []], "5C", initial_meld=25), DrawFrom(0, "stock")))
    near = [r + s for r in ["10", "J", "Q", "K", "A", "2", "3"] for s in "SHDC"]
    accepted = refused = 0
    for _ in range(1500):
        hand = tuple(rng.sample(POOL, 9))
        state = base._replace(hand=base.hand._replace(hands=(hand, base.hand.hands[1])))
        pool, groups = list(hand) + [rng.choice(near)], []
        rng.shuffle(pool)
        offered = list(melds(hand, False))  # melds more often than chance makes them, then spoiled at random
        rng.shuffle(offered)
        for cards, wild in offered[:rng.choice((1, 2, 3))]:
            cards, wild = list(cards), list(wild)
            if rng.random() < 0.3 and wild:
                wild[0] = rng.choice(near)
            if rng.random() < 0.2:
                cards.append(rng.choice(near))
            groups.append((cards, wild))
        while len(pool) >= 3 and rng.random() < 0.3:
            size = rng.choice((3, 3, 4))
            cards, pool = pool[:size], pool[size:]
            groups.append((cards, [rng.choice(near) for c in cards if c == "JK"]))
        worths = [group_worth(tuple(c), tuple(x for x in c if x != "JK") + tuple(w), False) for c, w in groups]
        rest, held = list(hand), True
        for cards, _ in groups:
            for card in cards:
                if card in rest:
                    rest.remove(card)
                else:
                    held = False
        legal = held and None not in worths and sum(worths) >= 25
        body = tuple({"cards": c, "wild": w} for c, w in groups)
        try:
            events = _decide(state, Open(0, body, False))
        except RuleViolation:
            assert not legal, (hand, groups)
            refused += 1
        else:
            assert legal, (hand, groups)
            assert events[-1].value == sum(worths)
            accepted += 1
    assert accepted > 100 and refused > 300, (accepted, refused)


def _decide(state, command):
    from domain.kalooki.decide import decide

    return decide(state, command)

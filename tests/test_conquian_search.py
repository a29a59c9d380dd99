"""Conquian's exact take search (domain/conquian/search.py), its meld test and
its forcing test, each against a brute force written here from the rules
alone and sharing no code with them: every valid meld of the 40-card pack
listed by hand, and a split found by trying every combination of those melds.
Thousands of small random positions, seeded."""

import random
from itertools import combinations

from domain.conquian.melds import kind_of, lays_off
from domain.conquian.search import split, takes

ORDER = "A234567JQK"  # 7 and J adjacent, the ace low only, nothing wraps
SUITS = "SHDC"
PACK = [rank + suit for suit in SUITS for rank in ORDER]


def _every_meld() -> frozenset:
    melds = set()
    for rank in ORDER:
        for size in (3, 4):
            melds.update(frozenset(c) for c in combinations([rank + s for s in SUITS], size))
    for suit in SUITS:
        for start in range(len(ORDER)):
            for length in range(3, 9):
                if start + length <= len(ORDER):
                    melds.add(frozenset(ORDER[start + k] + suit for k in range(length)))
    return frozenset(melds)


MELDS = _every_meld()


def brute_splits(cards: frozenset, among=MELDS) -> bool:
    """Whether some melds of `among` cover exactly these cards, trying every combination."""
    if not cards:
        return True
    inside = [m for m in among if m <= cards]
    for count in range(1, len(cards) // 3 + 1):
        for chosen in combinations(inside, count):
            if sum(len(m) for m in chosen) == len(cards) and frozenset().union(*chosen) == cards:
                return True
    return False


def _position(rng):
    """Old melds (a valid split), the exposed card and a hand: 11 cards at most, drawn
    from a few suits and ranks close together so that takes are many."""
    suits = rng.sample(SUITS, rng.randint(1, 4))
    low = rng.randint(0, 5)
    pool = [r + s for s in suits for r in ORDER[low:low + rng.randint(4, 7)]]
    rng.shuffle(pool)
    old, used = [], set()
    for _ in range(rng.randint(0, 2)):
        fits = [m for m in MELDS if m <= set(pool) - used and len(m) <= 5]
        if fits and len(used) < 6:
            meld = rng.choice(sorted(fits, key=sorted))
            old.append(tuple(sorted(meld)))
            used |= meld
    rest = [c for c in pool if c not in used] or [c for c in PACK if c not in used]
    card = rest[0]
    outside = [c for c in PACK if c not in used and c not in rest]
    others = rest[1:] + rng.sample(outside, min(3, len(outside)))
    size = min(rng.randint(0, 7), 10 - len(used), len(others))
    hand = others[:size]
    return old, card, hand


def test_the_meld_test_is_the_list_of_every_valid_meld():
    rng = random.Random(1)
    for _ in range(20000):
        cards = tuple(rng.sample(PACK[:rng.choice((10, 20, 40))], rng.randint(1, 9)))
        assert (kind_of(cards) is not None) == (frozenset(cards) in MELDS), cards
    assert all(kind_of(tuple(m)) is not None for m in MELDS) and len(MELDS) == 10 * 5 + 4 * 33


def test_a_split_is_found_exactly_when_one_exists_and_is_one():
    rng = random.Random(2)
    found = 0
    for _ in range(3000):
        suits, low = rng.sample(SUITS, rng.randint(1, 4)), rng.randint(0, 6)
        pool = [r + s for s in suits for r in ORDER[low:low + rng.randint(3, 8)]]
        cards = frozenset(rng.sample(pool, rng.randint(1, min(11, len(pool)))))
        if rng.random() < 0.5:  # melds laid side by side, one card perhaps changed: often splittable, not always
            cards = frozenset()
            for meld in rng.sample(sorted(MELDS, key=sorted), 3):
                if not meld & cards and len(cards | meld) <= 11:
                    cards |= meld
            if rng.random() < 0.3:
                cards = (cards - {min(cards)}) | {rng.choice([c for c in PACK if c not in cards])}
        got = split(cards)
        assert (got is not None) == brute_splits(cards), sorted(cards)
        if got is not None:
            found += 1
            assert all(frozenset(m) in MELDS for m in got) and sorted(c for m in got for c in m) == sorted(cards)
    assert found > 1000  # the positions are not all hopeless


def test_the_takes_listed_are_every_usable_set_of_hand_cards_each_with_a_valid_split():
    rng = random.Random(3)
    offered = 0
    for _ in range(3000):
        old, card, hand = _position(rng)
        base = frozenset(c for m in old for c in m) | {card}
        listed = takes(old, card, hand)
        by_hand = {frozenset(used): melds for used, melds in listed}
        assert len(by_hand) == len(listed), "one take per set of hand cards"
        among = [m for m in MELDS if m <= base | set(hand)]
        expected = {frozenset(s) for n in range(len(hand) + 1) for s in combinations(hand, n)
                    if brute_splits(base | set(s), among)}
        assert set(by_hand) == expected, (old, card, hand)
        for used, melds in by_hand.items():
            assert all(frozenset(m) in MELDS for m in melds), melds
            assert sorted(c for m in melds for c in m) == sorted(base | used), (melds, used)
        offered += len(listed)
    assert offered > 3000


def test_the_forcing_test_is_a_plain_lay_off_on_a_meld_as_it_stands():
    rng = random.Random(4)
    fits = 0
    for _ in range(5000):
        old, card, _ = _position(rng)
        expected = any(frozenset(m) | {card} in MELDS for m in old)
        assert lays_off(old, card) == expected, (old, card)
        fits += expected
    assert fits > 200


def test_the_acceptance_case_is_among_the_takes():
    """Melded 6H 7H JH, 5H exposed, two other jacks in hand: 5H 6H 7H and JH JS JC."""
    listed = dict((frozenset(used), melds) for used, melds in takes([("6H", "7H", "JH")], "5H", ["JS", "JC", "2D"]))
    assert {frozenset(m) for m in listed[frozenset({"JS", "JC"})]} == {frozenset({"5H", "6H", "7H"}),
                                                                       frozenset({"JH", "JS", "JC"})}
    assert {frozenset(m) for m in listed[frozenset()]} == {frozenset({"5H", "6H", "7H", "JH"})}
    assert frozenset({"2D"}) not in listed

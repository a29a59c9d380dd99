"""Manipulation's exact solver (domain/manipulation/solver.py, play.py) against
an exhaustive brute force written here from the rules alone (no code shared):
every sub-multiset of the hand, and every way to split the table with it into
melds. Thousands of small positions, random windows of ranks (the ace's end
among them); and the linear judge of a submitted table against the same
referee. rummikub-solver, the independent exact MILP, is in
tests/test_manipulation_rummikub.py."""

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations

from domain.kernel import errors as err
from domain.manipulation.play import best, can_play, judged
from tests.manipulation_positions import position

RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


NAMES = {value: name for name, value in RANKS.items()}


def rank(card):
    return RANKS[card[:-1]]


def cost(card):
    r = rank(card)
    return 15 if r == 14 else 10 if r >= 10 else 5


def is_meld(group):
    """The rules' melds, read afresh: 3-4 of a rank in distinct suits, or 3+ of a suit in sequence, ace high."""
    if len(group) < 3:
        return False
    ranks, suits = [rank(c) for c in group], [c[-1] for c in group]
    if len(set(ranks)) == 1:
        return len(group) <= 4 and len(set(suits)) == len(group)
    ordered = sorted(ranks)
    return len(set(suits)) == 1 and ordered == list(range(ordered[0], ordered[0] + len(group)))


@lru_cache(maxsize=None)
def splits(cards: tuple) -> bool:
    """Whether these cards (sorted by rank) split into melds: the lowest card is in
    a set of its rank, or starts a run of its suit; try every such meld."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    same = [c for c in rest if rank(c) == rank(first)]
    melds = {(first,) + others for size in (2, 3) for others in combinations(same, size)}
    run, left = [first], list(rest)
    while True:
        following = f"{NAMES[rank(run[-1]) + 1]}{first[-1]}" if rank(run[-1]) < 14 else None
        if following not in left:
            break
        left.remove(following)
        run.append(following)
        if len(run) >= 3:
            melds.add(tuple(run))
    for meld in melds:
        if is_meld(meld):
            left = list(rest)
            for card in meld[1:]:
                left.remove(card)
            if splits(tuple(left)):
                return True
    return False


def brute(table_cards, hand) -> tuple[int, int]:
    """(most hand cards placed, then most points) over every sub-multiset of the hand; (0, 0) if none."""
    found = (0, 0)
    counts = sorted(Counter(hand).items())
    def go(i, chosen):
        nonlocal found
        if i == len(counts):
            score = (len(chosen), sum(cost(c) for c in chosen))
            if score > found and splits(tuple(sorted(table_cards + chosen, key=lambda c: (rank(c), c[-1])))):
                found = score
            return
        card, held = counts[i]
        for k in range(held + 1):
            go(i + 1, chosen + [card] * k)
    go(0, [])
    return found


def small_positions(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        lo = rng.randint(2, 10)
        ranks = range(lo, min(14, lo + rng.randint(2, 5)) + 1)
        suits = tuple(rng.sample(("S", "H", "D", "C"), rng.randint(3, 4)))
        yield position(rng, rng.randint(0, 9), rng.randint(1, 6), ranks=ranks, suits=suits)


def check_play(table, hand, found, opening=False):
    """The solver's play is a legal play of those cards: the judge and the referee both accept it."""
    cards, new = found
    assert all(is_meld(g) for g in new)
    assert Counter(c for g in new for c in g) == Counter(c for m in table for c in m) + Counter(cards)
    assert not Counter(cards) - Counter(hand)
    assert judged(table, hand, new, opening) == (cards, new)


def test_best_play_places_as_many_cards_and_points_as_the_brute_force_on_thousands_of_positions():
    seen_play = seen_none = 0
    for table, hand in small_positions(2500, 1):
        table_cards = [c for m in table for c in m]
        expected = brute(table_cards, list(hand))
        found = best(table, hand, False)
        assert can_play(table, hand, False) == (expected != (0, 0))
        if found is None:
            assert expected == (0, 0), (table, hand)
            seen_none += 1
            continue
        assert (len(found[0]), sum(cost(c) for c in found[0])) == expected, (table, hand)
        check_play(table, hand, found)
        seen_play += 1
    assert seen_play > 500 and seen_none > 300


def test_an_opening_under_own_opening_is_the_hand_s_own_melds_only():
    for table, hand in small_positions(1000, 2):
        expected = brute([], list(hand))
        found = best(table, hand, True)
        assert can_play(table, hand, True) == (expected != (0, 0))
        if found is None:
            assert expected == (0, 0)
            continue
        assert (len(found[0]), sum(cost(c) for c in found[0])) == expected
        check_play(table, hand, found, opening=True)


def test_the_linear_judge_agrees_with_the_referee_on_random_submitted_tables():
    rng = random.Random(3)
    accepted = refused = 0
    for table, hand in small_positions(2000, 3):
        old = Counter(c for m in table for c in m)
        played = [c for c in hand if rng.random() < 0.5]
        cards = list(old.elements()) + played
        if rng.random() < 0.2 and cards:
            cards.remove(rng.choice(cards))  # a table card or a played one goes missing
        rng.shuffle(cards)
        groups, i = [], 0
        while i < len(cards):
            size = rng.choice((3, 3, 4, 5))
            groups.append(tuple(sorted(cards[i:i + size], key=rank)))
            i += size
        candidates = [tuple(groups)]
        found = best(table, hand, False)
        if found is not None:  # a legal play, its groups and their cards shuffled
            shuffled = [rng.sample(g, len(g)) for g in found[1]]
            rng.shuffle(shuffled)
            candidates.append(tuple(tuple(g) for g in shuffled))
        for groups in candidates:
            accepted, refused = judge_once(table, hand, groups, old, accepted, refused)
    assert accepted > 500 and refused > 1000


def judge_once(table, hand, groups, old, accepted, refused):
    """The judge accepts exactly what the referee finds legal."""
    new = Counter(c for g in groups for c in g)
    legal = (bool(groups) and not old - new and bool(new - old) and not (new - old) - Counter(hand)
             and all(is_meld(g) for g in groups))
    try:
        judged(table, hand, groups, False)
        assert legal, (table, hand, groups)
        return accepted + 1, refused
    except err.RuleViolation:
        assert not legal, (table, hand, groups)
        return accepted, refused + 1

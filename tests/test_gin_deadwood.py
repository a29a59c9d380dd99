"""Gin's exact deadwood solvers (domain/gin/deadwood.py) against hand-written
examples and against an exhaustive brute force.

The brute force below shares no code with the solvers: it parses the card codes
itself, has its own meld test, lists every meld as a subset of the hand, and
tries every family of disjoint melds; for the defender it plays every sequence
of single-card lay-offs the rules allow. Positions come from random.Random with
fixed seeds, so every run checks the same positions.
"""

import itertools
import random
import time

import pytest

from domain.gin.cards import DECK, RANK, VALUE
from domain.gin.deadwood import (
    Arrangement,
    Defence,
    best_arrangement,
    best_knock,
    check_arrangement,
    check_defence,
    defender_best,
    legal_knocks,
    min_deadwood,
)
from domain.gin.melds import all_melds, is_meld, is_run, is_set, lays_off
from domain.kernel.errors import CardNotInHand, InvalidCard, InvalidLayoff, InvalidMeld, NoSuchMeld

# --- the oracle: its own cards, melds and searches ----------------------------------

BF_SUITS = "SHDC"
BF_RANK_NAMES = {"A": 1, "J": 11, "Q": 12, "K": 13}
BF_DECK = [name + suit for suit in BF_SUITS for name in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]


def bf_rank(card):
    name = card[:-1]
    return BF_RANK_NAMES[name] if name in BF_RANK_NAMES else int(name)


def bf_suit(card):
    return card[-1]


def bf_value(card):
    return min(bf_rank(card), 10)


def bf_is_meld(cards):
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    ranks = sorted(bf_rank(c) for c in cards)
    if len(cards) <= 4 and len(set(ranks)) == 1:
        return True  # a set: 3 or 4 of a rank (distinct cards, so distinct suits)
    if len({bf_suit(c) for c in cards}) != 1:
        return False
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))  # ace is 1: never wraps


def bf_melds_of(cards):
    """Every subset of 3+ cards that is a meld. A meld is all one rank or all
    one suit, so only subsets of those groups are tried, but all of them."""
    cards = sorted(set(cards))
    groups = [[c for c in cards if bf_rank(c) == r] for r in range(1, 14)]
    groups += [[c for c in cards if bf_suit(c) == s] for s in BF_SUITS]
    return sorted(
        {
            frozenset(combo)
            for group in groups
            for size in range(3, len(group) + 1)
            for combo in itertools.combinations(group, size)
            if bf_is_meld(combo)
        },
        key=sorted,
    )


def bf_families(melds):
    """Every family of pairwise disjoint melds (include/exclude each meld)."""
    out = []

    def go(i, used, chosen):
        if i == len(melds):
            out.append((used, chosen))
            return
        go(i + 1, used, chosen)
        if not melds[i] & used:
            go(i + 1, used | melds[i], chosen + [melds[i]])

    go(0, frozenset(), [])
    return out


def bf_min_deadwood(hand, melds=None):
    hand = frozenset(hand)
    if melds is None:
        melds = bf_melds_of(hand)
    melds = [m for m in melds if m <= hand]
    return min(sum(bf_value(c) for c in hand - used) for used, _ in bf_families(melds))


def bf_layable_sets(hand, knocker_melds):
    """Every set of the hand's cards that can be laid off, one card at a time,
    each card extending a knocker's meld (as it then stands) to a meld."""
    reachable = set()
    seen = set()

    def go(table, laid):
        key = tuple(sorted(map(lambda m: tuple(sorted(m)), table)))
        if key in seen:
            return
        seen.add(key)
        reachable.add(laid)
        for card in hand - laid:
            for k, meld in enumerate(table):
                if bf_is_meld(meld | {card}):
                    go(table[:k] + (meld | {card},) + table[k + 1 :], laid | {card})

    go(tuple(frozenset(m) for m in knocker_melds), frozenset())
    return reachable


def bf_defender_min(hand, knocker_melds, allow_layoffs=True):
    hand = frozenset(hand)
    melds = bf_melds_of(hand)
    laid_sets = bf_layable_sets(hand, knocker_melds) if allow_layoffs else {frozenset()}
    return min(bf_min_deadwood(hand - laid, melds) for laid in laid_sets)


# --- checking a solver's answer with the oracle's rules ---------------------------


def assert_arrangement_sound(hand, arr):
    assert isinstance(arr, Arrangement)
    used = [c for meld in arr.melds for c in meld]
    assert len(used) == len(set(used)), "a card in two melds"
    assert set(used) <= set(hand)
    for meld in arr.melds:
        assert bf_is_meld(meld), meld
    assert sorted(arr.deadwood) == sorted(set(hand) - set(used))
    assert arr.points == sum(bf_value(c) for c in arr.deadwood)


def assert_defence_sound(hand, knocker_melds, d, allow_layoffs=True):
    assert isinstance(d, Defence)
    own = [c for meld in d.melds for c in meld]
    laid = [c for _, cards in d.layoffs for c in cards]
    assert len(own + laid) == len(set(own + laid)), "a card used twice"
    assert set(own + laid) <= set(hand)
    for meld in d.melds:
        assert bf_is_meld(meld), meld
    if not allow_layoffs:
        assert d.layoffs == ()
    indices = [k for k, _ in d.layoffs]
    assert indices == sorted(set(indices))
    for k, cards in d.layoffs:
        table = set(knocker_melds[k])
        assert cards
        for card in cards:  # laid one by one, in the order given
            assert bf_is_meld(table | {card}), (knocker_melds[k], cards)
            table.add(card)
    assert sorted(d.deadwood) == sorted(set(hand) - set(own) - set(laid))
    assert d.points == sum(bf_value(c) for c in d.deadwood)


# --- positions ----------------------------------------------------------------------


def random_hand(rng, n):
    return rng.sample(BF_DECK, n)


def meldy_hand(rng, n):
    """Cards from a few ranks and a window of one or two suits, so that sets,
    runs and their overlaps are common."""
    ranks = rng.sample(range(1, 14), rng.randint(2, 4))
    suits = rng.sample(BF_SUITS, rng.randint(1, 2))
    low = rng.randint(1, 8)
    window = range(low, low + rng.randint(4, 7))
    pool = {c for c in BF_DECK if bf_rank(c) in ranks or (bf_suit(c) in suits and bf_rank(c) in window)}
    pool = sorted(pool)
    if len(pool) < n:
        pool += rng.sample(sorted(set(BF_DECK) - set(pool)), n - len(pool))
    return rng.sample(pool, n)


def random_knocker_melds(rng, deck):
    """1 to 4 disjoint knocker melds taken from `deck` (sets of 3 or 4, runs of
    3 to 5), removed from it."""
    melds = []
    for _ in range(rng.randint(1, 4)):
        candidates = []
        for _ in range(30):
            if rng.random() < 0.4:
                rank = rng.randint(1, 13)
                same = [c for c in deck if bf_rank(c) == rank]
                size = rng.choice((3, 3, 4))
                if len(same) >= size:
                    candidates.append(rng.sample(same, size))
            else:
                suit = rng.choice(BF_SUITS)
                size = rng.choice((3, 3, 4, 5))
                start = rng.randint(1, 14 - size)
                run = [c for c in deck if bf_suit(c) == suit and start <= bf_rank(c) < start + size]
                if len(run) == size:
                    candidates.append(run)
        if candidates:
            meld = candidates[0]
            melds.append(tuple(meld))
            for c in meld:
                deck.remove(c)
    return melds


def defender_position(rng, n):
    """Knocker melds, and a defender hand of n cards biased toward the cards
    next to them (the ends of runs, the 4th card of sets, their neighbours)."""
    deck = list(BF_DECK)
    melds = random_knocker_melds(rng, deck)
    near = set()
    for meld in melds:
        for card in meld:
            for dr in (-2, -1, 1, 2):
                for c in deck:
                    if bf_suit(c) == bf_suit(card) and bf_rank(c) == bf_rank(card) + dr:
                        near.add(c)
            near |= {c for c in deck if bf_rank(c) == bf_rank(card)}
    near = sorted(near)
    k = min(len(near), rng.randint(n // 2, n))
    hand = rng.sample(near, k)
    hand += rng.sample(sorted(set(deck) - set(hand)), n - k)
    return hand, melds


def contested_position(rng, n):
    """Knocker melds, and a defender hand of up to n cards built so that the
    cards that could be laid off could also make the defender's own sets or
    runs: the ends of the knocker's runs (chains of 1 to 3) and the 4th cards
    of its sets, plus cards of the same ranks and neighbours in their suits."""
    deck = list(BF_DECK)
    melds = random_knocker_melds(rng, deck)
    ends = []
    for meld in melds:
        ranks = sorted(bf_rank(c) for c in meld)
        suit = bf_suit(meld[0])
        if ranks[0] == ranks[-1]:
            ends += [c for c in deck if bf_rank(c) == ranks[0]]
            continue
        for start, step in ((ranks[0] - 1, -1), (ranks[-1] + 1, 1)):
            for j in range(rng.randint(0, 3)):
                ends += [c for c in deck if bf_suit(c) == suit and bf_rank(c) == start + step * j]
    hand = set(ends)
    for card in sorted(hand):
        if rng.random() < 0.6:  # some of its rank: a set that competes with the lay-off
            same = [c for c in deck if bf_rank(c) == bf_rank(card) and c != card]
            hand |= set(rng.sample(same, min(len(same), rng.randint(1, 3))))
        if rng.random() < 0.3:  # or a neighbour in its suit: a run that competes
            hand |= {c for c in deck if bf_suit(c) == bf_suit(card) and abs(bf_rank(c) - bf_rank(card)) == 1}
    hand = sorted(hand)
    hand = rng.sample(hand, min(n, len(hand)))
    if len(hand) < 3:
        hand += rng.sample(sorted(set(deck) - set(hand)), 3 - len(hand))
    return hand, melds


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


# --- cards and melds ------------------------------------------------------------------


def test_card_table_is_ace_low():
    assert len(DECK) == 52 and set(DECK) == set(BF_DECK)
    for card in BF_DECK:
        assert RANK[card] == bf_rank(card) and VALUE[card] == bf_value(card)
    assert DECK[:4] == ("AS", "AH", "AD", "AC") and DECK[-1] == "KC"


def test_meld_shapes():
    assert is_run(["AS", "2S", "3S"]) and is_meld(("3S", "AS", "2S"))
    assert not is_run(["QS", "KS", "AS"]) and not is_run(["KS", "AS", "2S"])
    assert not is_run(["2S", "3S", "4H"]) and not is_run(["2S", "3S", "5S"]) and not is_run(["2S", "3S"])
    assert is_set(["9S", "9H", "9D"]) and is_set(["9S", "9H", "9D", "9C"])
    assert not is_set(["9S", "9H"]) and not is_set(["9S", "9H", "9S"]) and not is_set(["9S", "9H", "8D"])
    assert not is_meld(["9S", "9H", "XX"])
    assert lays_off(("6H", "7H", "8H"), ["5H", "4H"]) and lays_off(("6H", "7H", "8H"), ["9H"])
    assert not lays_off(("6H", "7H", "8H"), ["4H"]) and not lays_off(("9S", "9H", "9D", "9C"), ["9C"])
    assert lays_off(("9S", "9H", "9D"), ["9C"])


def test_all_melds_lists_every_subset_meld():
    hand = ["7S", "7H", "7D", "7C", "8C", "9C", "10C", "AS", "2S", "3S", "KD"]
    melds = all_melds(hand)
    assert len(melds) == len(set(melds))
    assert {frozenset(m) for m in melds} == set(bf_melds_of(hand))
    assert ("7S", "7H", "7D", "7C") in melds and ("7S", "7H", "7D") in melds and ("7C", "8C", "9C", "10C") in melds
    rng = random.Random(11)
    for _ in range(300):
        hand = meldy_hand(rng, rng.randint(3, 11))
        assert {frozenset(m) for m in all_melds(hand)} == set(bf_melds_of(hand))
        assert all(list(m) == sorted(m, key=lambda c: (RANK[c], "SHDC".index(c[-1]))) for m in all_melds(hand))


# --- hand-written examples --------------------------------------------------------------


def test_gin_hand():
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "QD"]
    arr = best_arrangement(hand)
    assert arr.points == 0 and arr.deadwood == () and min_deadwood(hand) == 0
    assert set(arr.melds) == {("AS", "2S", "3S"), ("7H", "7D", "7C"), ("9D", "10D", "JD", "QD")}


def test_a_card_for_the_set_or_the_run():
    # 7H in the run 7H-8H-9H leaves 7S 7D (14); in the set, 8H 9H (17).
    arr = best_arrangement(["7S", "7D", "7H", "8H", "9H", "KC"])
    assert arr.melds == (("7H", "8H", "9H"),) and arr.points == 24
    # 7H in the set leaves 5H 6H (11); in the run 5H-6H-7H, 7S 7D (14).
    arr = best_arrangement(["7S", "7D", "7H", "5H", "6H", "KC"])
    assert arr.melds == (("7S", "7H", "7D"),) and arr.points == 21


def test_the_ace_is_low_only():
    assert min_deadwood(["AS", "2S", "3S"]) == 0
    assert min_deadwood(["QS", "KS", "AS"]) == 21
    assert min_deadwood(["KS", "AS", "2S"]) == 13
    assert best_arrangement(["AH", "AS", "AD", "2H", "3H"]).melds == (("AH", "2H", "3H"),)


def test_four_of_a_rank_against_a_run():
    # the 4-set would leave 8C 9C; three 7s and the run 7C-8C-9C leave nothing
    arr = best_arrangement(["7S", "7H", "7D", "7C", "8C", "9C"])
    assert arr.points == 0 and arr.melds == (("7S", "7H", "7D"), ("7C", "8C", "9C"))
    # without 9C the 4-set is best
    arr = best_arrangement(["7S", "7H", "7D", "7C", "8C"])
    assert arr.melds == (("7S", "7H", "7D", "7C"),) and arr.deadwood == ("8C",)


def test_ties_prefer_fewer_melds_and_ignore_the_order_given():
    hand = ["3H", "4H", "5H", "6H", "7H", "8H"]
    assert best_arrangement(hand).melds == (("3H", "4H", "5H", "6H", "7H", "8H"),)
    rng = random.Random(5)
    for _ in range(200):
        hand = meldy_hand(rng, 10)
        shuffled = rng.sample(hand, len(hand))
        assert best_arrangement(shuffled) == best_arrangement(hand)


def test_best_knock_and_legal_knocks():
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "KC", "QH"]
    knock = best_knock(hand)
    assert set(knock) == set(hand)
    assert knock["QH"] == 10 and knock["KC"] == 10 and knock["AS"] == 25
    assert legal_knocks(hand) == {"KC": 10, "QH": 10}
    gin_after_kc = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "QD", "KC"]
    assert legal_knocks(gin_after_kc) == {"9D": 10, "QD": 10, "KC": 0}


def test_layoffs_chain_down_a_run():
    d = defender_best(["5H", "4H", "KS"], [("6H", "7H", "8H")])
    assert d.layoffs == ((0, ("5H", "4H")),) and d.deadwood == ("KS",) and d.points == 10
    d = defender_best(["5H", "4H", "9H", "10H", "KS"], [("6H", "7H", "8H")])
    assert d.layoffs == ((0, ("5H", "4H", "9H", "10H")),) and d.points == 10
    # 4H alone does not touch the run
    assert defender_best(["4H", "KS"], [("6H", "7H", "8H")]).points == 14
    # three or more on one end are a run of their own: same points, and the
    # tie-break keeps them as the defender's meld; laying them off is legal too
    d = defender_best(["5H", "4H", "3H", "KS"], [("6H", "7H", "8H")])
    assert d.points == 10 and d.melds == (("3H", "4H", "5H"),) and d.layoffs == ()
    d = check_defence(["5H", "4H", "3H", "KS"], [], [(0, ["5H", "4H", "3H"])], [("6H", "7H", "8H")])
    assert d.points == 10 and d.layoffs == ((0, ("5H", "4H", "3H")),)


def test_the_fourth_card_onto_a_set_and_nothing_onto_four():
    d = defender_best(["9C", "KS"], [("9S", "9H", "9D"), ("2C", "3C", "4C")])
    assert d.layoffs == ((0, ("9C",)),) and d.points == 10
    assert defender_best(["9C", "KS"], [("2C", "3C", "4C")]).points == 19
    assert defender_best(["10C", "2D"], [("9S", "9H", "9D", "9C")]).points == 12


def test_a_card_of_an_own_meld_is_not_laid_off_too():
    # 5S 5D 5H as a set leaves 4H (4); laying off 5H then 4H leaves 5S 5D (10);
    # using 5H twice would leave nothing.
    d = defender_best(["5S", "5D", "5H", "4H"], [("6H", "7H", "8H")])
    assert d.points == 4 and d.melds == (("5S", "5H", "5D"),) and d.layoffs == ()


def test_a_card_between_two_knocker_melds():
    melds = [("2H", "3H", "4H"), ("8H", "9H", "10H"), ("7S", "7D", "7C")]
    d = defender_best(["5H", "6H", "7H", "QS"], melds)
    assert d.points == 10 and d.melds == (("5H", "6H", "7H"),)  # own meld preferred to three lay-offs
    d = defender_best(["5H", "6H", "QS"], melds)
    assert d.points == 10 and d.layoffs == ((0, ("5H", "6H")),)
    # 7H onto the run 8H-9H-10H lets 6H and 5H follow; onto the 7s it would not
    d = defender_best(["5H", "6H", "7H", "QS"], [("8H", "9H", "10H"), ("7S", "7D", "7C")])
    assert d.points == 10 and (d.layoffs == ((0, ("7H", "6H", "5H")),) or d.melds == (("5H", "6H", "7H"),))


def test_breaking_an_own_set_to_lay_off_more():
    # OpenSpiel's gin_rummy_test GameplayTest1: the defender breaks the set of 8s
    # to lay off 8S 9S on 5S-6S-7S and 8C 7C on 9C-10C-JC, leaving AC 8D (9).
    knocker = [("KS", "KC", "KD"), ("5S", "6S", "7S"), ("9C", "10C", "JC")]
    hand = ["2S", "8S", "9S", "AC", "2C", "7C", "8C", "2D", "8D", "2H"]
    assert best_arrangement(hand).points == 17  # 2s and 8s as sets: 9S 7C AC left
    d = defender_best(hand, knocker)
    assert d.points == 9 and d.deadwood == ("AC", "8D")
    assert d.melds == (("2S", "2H", "2D", "2C"),)
    assert d.layoffs == ((1, ("8S", "9S")), (2, ("8C", "7C")))


def test_no_layoffs_on_gin():
    d = defender_best(["5H", "4H", "KS"], [("6H", "7H", "8H")], allow_layoffs=False)
    assert d.layoffs == () and d.points == 19


def test_check_arrangement():
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "9D", "10D", "JD", "KC"]
    arr = check_arrangement(hand, [["7C", "7H", "7D"], ("3S", "AS", "2S")])
    assert arr.melds == (("7H", "7D", "7C"), ("AS", "2S", "3S")) and arr.points == 39
    assert check_arrangement(hand, []).points == sum(bf_value(c) for c in hand)
    with pytest.raises(InvalidMeld):
        check_arrangement(hand, [["9D", "10D", "KC"]])
    with pytest.raises(InvalidMeld):
        check_arrangement(hand, [["AS", "2S"]])  # two cards are no meld
    with pytest.raises(InvalidMeld):  # 7C twice
        check_arrangement(["7S", "7H", "7D", "7C", "8C", "9C"], [["7S", "7H", "7C"], ["7C", "8C", "9C"]])
    with pytest.raises(CardNotInHand):
        check_arrangement(hand, [["QS", "KS", "JS"]])
    with pytest.raises(InvalidCard):
        check_arrangement(hand, [["1S", "2S", "3S"]])


def test_check_defence():
    knocker = [("4C", "5C", "6C"), ("7S", "7H", "7D"), ("2H", "3H", "4H")]
    hand = ["7C", "5H", "6H", "KS", "QS", "JS"]
    d = check_defence(hand, [["JS", "QS", "KS"]], [(0, ["7C"]), (2, ["6H", "5H"])], knocker)
    assert d.points == 0 and d.layoffs == ((0, ("7C",)), (2, ("5H", "6H")))
    assert check_defence(hand, [], [(1, ["7C"])], knocker).points == 41
    with pytest.raises(InvalidLayoff):
        check_defence(hand, [], [(2, ["6H"])], knocker)  # 6H needs 5H first
    with pytest.raises(InvalidLayoff):
        check_defence(hand, [], [(0, ["7C"]), (1, ["7C"])], knocker)
    with pytest.raises(InvalidLayoff):
        check_defence(hand, [], [(0, ["7C"])], knocker, allow_layoffs=False)
    with pytest.raises(NoSuchMeld):
        check_defence(hand, [], [(3, ["7C"])], knocker)
    with pytest.raises(CardNotInHand):
        check_defence(hand, [["JS", "QS", "KS"]], [(0, ["8C"])], knocker)
    with pytest.raises(InvalidLayoff):  # a card of an own meld
        check_defence(hand, [["JS", "QS", "KS"]], [(1, ["KS"])], knocker)


def test_solvers_reject_bad_input():
    with pytest.raises(ValueError):
        best_arrangement(["AS", "AS", "2S"])
    with pytest.raises(ValueError):
        min_deadwood(["ZZ"])
    with pytest.raises(ValueError):
        defender_best(["5H"], [("6H", "7H", "9H")])
    with pytest.raises(ValueError):
        defender_best(["6H"], [("6H", "7H", "8H")])
    assert best_arrangement([]) == Arrangement((), (), 0) and min_deadwood([]) == 0


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


def test_best_knock_is_exact():
    rng = random.Random(99)
    for i in range(1000):
        hand = meldy_hand(rng, 11) if i % 2 else random_hand(rng, 11)
        melds = bf_melds_of(hand)
        expected = {card: bf_min_deadwood(set(hand) - {card}, melds) for card in hand}
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


def test_solvers_are_fast():
    # a coarse guard (the docstring of deadwood.py has the measured figures)
    rng = random.Random(3)
    hands = [meldy_hand(rng, 11) if i % 2 else random_hand(rng, 11) for i in range(400)]
    start = time.perf_counter()
    for hand in hands:
        best_arrangement(hand[:10])
        best_knock(hand)
    per_hand = (time.perf_counter() - start) / len(hands)
    assert per_hand < 0.004, f"{per_hand * 1e6:.0f} us per hand"

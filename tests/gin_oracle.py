"""An exhaustive brute force for Gin's deadwood, to check the solvers of
domain/gin/deadwood.py against (tests/test_gin_deadwood_exact.py).

It shares no code with the solvers: it parses the card codes itself, has its
own meld test, lists every meld as a subset of the hand, and tries every family
of disjoint melds; for the defender it plays every sequence of single-card
lay-offs the rules allow. Also here: checks that a solver's answer is sound by
the oracle's rules, and random positions (from a seeded random.Random)."""

import itertools

from domain.gin.deadwood import Arrangement, Defence

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

"""The exact "can play" and best play of Manipulation Rummy: a dynamic
programme over the ranks 2 ... A (van Rijn, Takes and Vis, "The Complexity of
Rummikub Problems", 2015), applied to a table plus a hand.

Going up the ranks, the state is, for each suit, the lengths of the runs of
that suit still open below the current rank: at most two (there are two copies
of each card, and a run takes one card of each rank it passes), each 1, 2 or
"3 or more". At a rank every table card is placed and each hand card may be:
a placed card continues an open run of its suit, starts a new one, or goes to
the sets of that rank. A run of 1 or 2 cards may not stop. The cards going to
sets must split into sets of 3-4 distinct suits (a fixed table of the 81
possible suit counts says whether and how). The programme maximizes the hand
cards placed, then the penalty points they carry; a table on its own is always
arrangeable (it was a valid table), so a result with no hand card placed means
the seat cannot play.

`best_play(table, hand)` gives the cards placed and the new table (canonical),
or None; `can_play` is the same question answered yes or no.
"""

from collections import Counter
from functools import lru_cache
from itertools import combinations, product

from ..kernel.cards import CODE, RANK_SUIT, SUITS
from .melds import canonical_table, penalty

RANKS = tuple(range(2, 15))
#: one suit's open runs: (longer, shorter) lengths, 0 for none and 3 for "3 or more"
STATES = tuple((a, b) for a in range(4) for b in range(a + 1))
INDEX = {state: i for i, state in enumerate(STATES)}
EMPTY = INDEX[(0, 0)]
WEIGHT = 10_000  # a hand card placed outweighs any penalty points (at most 104 * 15)


def _suit_moves() -> dict:
    """(state, table copies, hand copies) -> {cards to sets: [(new state, hand cards placed, (continued, new runs))]}."""
    moves = {}
    for si, (a, b) in enumerate(STATES):
        runs = [x for x in (a, b) if x]
        for t in range(3):
            for h in range(3 - t):
                grouped: dict[int, dict] = {}
                for placed in range(t, t + h + 1):
                    for k in range(len(runs) + 1):
                        for kept in combinations(range(len(runs)), k):
                            if any(runs[i] < 3 for i in range(len(runs)) if i not in kept):
                                continue  # a run of 1 or 2 cards cannot stop here
                            for new in range(3):
                                to_sets = placed - k - new
                                if to_sets < 0 or k + new > 2:
                                    continue
                                lengths = sorted([min(runs[i] + 1, 3) for i in kept] + [1] * new, reverse=True)
                                state = INDEX[tuple(lengths + [0] * (2 - len(lengths)))]
                                grouped.setdefault(to_sets, {}).setdefault(state, (placed - t, (kept, new)))
                moves[(si, t, h)] = {c: _best_of(found) for c, found in grouped.items()}
    return moves


def _best_of(found: dict) -> tuple:
    """The moves no other move (the same cards to sets) beats: a state that
    dominates at a gain as high leaves the other nothing to add."""
    return tuple((s, g, d) for s, (g, d) in found.items()
                 if not any(o in found and found[o][0] >= g for o in ABOVE[s]))


def _set_splits() -> dict:
    """(cards of each suit going to sets, 0-2 each) -> the sets (tuples of suit indices), if they split."""
    def split(counts):
        if not any(counts):
            return ()
        held = [s for s in range(4) if counts[s]]
        for size in (4, 3):
            for group in combinations(held, size):
                rest = list(counts)
                for s in group:
                    rest[s] -= 1
                others = split(tuple(rest))
                if others is not None:
                    return (group,) + others
        return None
    return {counts: split(counts) for counts in product(range(3), repeat=4)}


def _above() -> dict:
    """state -> the other states of one suit that dominate it: every future open to
    it is open to them, with the same cards (a run of 3 or more may stop at any
    rank, so it covers no run; a longer run covers a shorter one)."""
    def covers(x, y):
        return x == y or x == 3 or (x == 2 and y == 1)
    return {i: tuple(j for j, (c, d) in enumerate(STATES) if j != i and (
        (covers(c, a) and covers(d, b)) or (covers(c, b) and covers(d, a)))) for i, (a, b) in enumerate(STATES)}


ABOVE = _above()
MOVES = _suit_moves()
SPLITS = _set_splits()
SPLITTABLE = frozenset(counts for counts, sets in SPLITS.items() if sets is not None)


def _counts(cards) -> list[list[int]]:
    """counts[rank index][suit index] of the cards."""
    grid = [[0, 0, 0, 0] for _ in RANKS]
    suit_index = {s: i for i, s in enumerate(SUITS)}
    for card in cards:
        rank, suit = RANK_SUIT[card]
        grid[rank - 2][suit_index[suit]] += 1
    return grid


def _pairs() -> tuple[dict, dict]:
    """Two suits' states as one number a*10+b: the pairs that dominate each (one
    suit's runs covered, the other's equal), and the class of two suits' cards
    to sets (sets are the same in every suit: only the counts matter)."""
    up = {a * 10 + b: tuple([x * 10 + b for x in ABOVE[a]] + [a * 10 + x for x in ABOVE[b]])
          for a in range(len(STATES)) for b in range(len(STATES))}
    classes = {(c0, c1): tuple(sorted((c0, c1))) for c0 in range(3) for c1 in range(3)}
    return up, classes


PAIR_ABOVE, CLASS = _pairs()
PAIR_ABOVE_100 = {pair: tuple(up * 100 for up in above) for pair, above in PAIR_ABOVE.items()}
#: a class of two suits' cards to sets -> the other two suits' counts that complete a split
FITS = {cls: frozenset((c2, c3) for c2 in range(3) for c3 in range(3) if cls + (c2, c3) in SPLITTABLE)
        for cls in set(CLASS.values())}
PART = 10_000  # a key is class * PART + first pair * 100 + second pair


def _search(table_grid, hand_grid):
    """The programme: a list per rank of {state: (previous state, choices)}, and
    the best final value. A state is the four suits' states as one number
    (S H D C: s0*1000 + s1*100 + s2*10 + s3). Each rank is taken in two halves,
    suits S and H, then D and C, so the moves of one half are not multiplied by
    the other's for every state."""
    layers = []  # per rank: {state: (previous state, the first two suits' and the last two's choices)}
    layer = {0: 0}  # state -> the best value reaching it
    for r in range(len(RANKS) + 1):  # one step past the ace closes every run
        if r < len(RANKS):
            tab, hnd, unit = table_grid[r], hand_grid[r], WEIGHT + penalty(CODE[(RANKS[r], "S")])
        else:
            tab, hnd, unit = (0, 0, 0, 0), (0, 0, 0, 0), 0
        k0, k1, k2, k3 = ((tab[s], hnd[s]) for s in range(4))
        x0, x1, x2, x3 = (tab[s] * 3 + hnd[s] for s in range(4))  # the copies, as one number a suit
        u = UNITS.index(unit)
        halves: dict = {}
        theirs_by: dict = {}  # old second pair * 10 + class -> the last two suits' moves that fit
        middle: dict = {}  # class * PART + first pair * 100 + old second pair -> value
        middle_from: dict = {}
        best_middle = middle.get
        for state, value in layer.items():
            low, high = divmod(state, 100)
            ours = halves.get(low)
            if ours is None:
                a, b = divmod(low, 10)
                number = ((a * 9 + x0) * 90 + b * 9 + x1) * 4 + u
                ours = _LOWS.get(number)
                if ours is None:
                    ours = _low(number, (a,) + k0, (b,) + k1, unit)
                halves[low] = ours
            for base, found in ours:
                cls = base // PART
                theirs_key = high * 10 + cls
                theirs = theirs_by.get(theirs_key)
                if theirs is None:
                    c, d = divmod(high, 10)
                    number = (((c * 9 + x2) * 90 + d * 9 + x3) * 6 + cls) * 4 + u
                    theirs = _HIGHS.get(number)
                    if theirs is None:
                        theirs = _high(number, (c,) + k2, (d,) + k3, cls, unit)
                    theirs_by[theirs_key] = theirs
                if not theirs:
                    continue  # the last two suits cannot complete these sets: nothing comes of it
                base += high
                for pair, gain, c01, d01 in found:
                    total = value + gain
                    key = base + pair
                    if total > best_middle(key, -1):
                        middle[key] = total
                        middle_from[key] = (state, c01, d01, pair, theirs)
        # (the half-way layer is not pruned: that costs more than it saves)
        nxt: dict = {}
        came_from: dict = {}
        best_next = nxt.get
        for key, value in middle.items():
            state, c01, d01, low, theirs = middle_from[key]
            for pair, gain, c23, d23 in theirs:
                total = value + gain
                new = low + pair
                if total > best_next(new, -1):
                    nxt[new] = total
                    came_from[new] = (state, c01, d01, c23, d23)
        layer = _undominated(nxt)
        layers.append(came_from)
        if not layer:
            return layers, None
    return layers, layer.get(0)


# Caches of the moves of two suits at a rank, made once per process: their keys
# (two suits' states, table and hand copies, a class, a unit) are finitely many,
# so they stay bounded (some tens of MB once every key has been met).
_HALVES: dict = {}
_LOWS: dict = {}
_HIGHS: dict = {}
CLASSES = {cls: i for i, cls in enumerate(FITS)}  # a class of the first two suits' cards to sets, numbered
FITS_BY_INDEX = [FITS[cls] for cls in CLASSES]


UNITS = tuple(sorted({WEIGHT + penalty(CODE[(rank, "S")]) for rank in RANKS})) + (0,)


def _low(number: int, first_key: tuple, second_key: tuple, unit: int) -> list:
    """The first two suits' moves, by class of their cards to sets (the sets only
    care how many suits give one card and how many two): [(class * PART,
    [(new pair * 100, value gained, cards to sets, choices)])], none beaten by
    another of its class; `unit`: the value of a hand card of the rank; `number`:
    the arguments as one number, the cache's key."""
    found = _LOWS.get(number)
    if found is None:
        by_class: dict = {}
        for c01, moves in _half(first_key, second_key).items():
            by_class.setdefault(CLASSES[CLASS[c01]], []).append((c01, moves))
        found = _LOWS[number] = [
            (cls * PART, [(pair * 100, gain * unit, c01, d01) for pair, gain, c01, d01 in _merged(tagged)])
            for cls, tagged in by_class.items()]
    return found


def _high(number: int, first_key: tuple, second_key: tuple, cls: int, unit: int) -> list:
    """The last two suits' moves that complete a split of the sets with the first
    two's class: [(new pair, value gained, cards to sets, choices)], none beaten by another."""
    found = _HIGHS.get(number)
    if found is None:
        fit = FITS_BY_INDEX[cls]
        found = _HIGHS[number] = [
            (pair, gain * unit, c23, d23) for pair, gain, c23, d23
            in _merged([(c23, moves) for c23, moves in _half(first_key, second_key).items() if c23 in fit])]
    return found


def _merged(tagged) -> list:
    """Moves of several kinds together (each tagged with its cards to sets), the
    best per new pair, without those another pair dominates at a gain as high."""
    best: dict = {}
    for tag, moves in tagged:
        for pair, gain, choice in moves:
            if pair not in best or gain > best[pair][0]:
                best[pair] = (gain, tag, choice)
    return [(pair, gain, tag, choice) for pair, (gain, tag, choice) in best.items()
            if not any(best.get(o, (-1,))[0] >= gain for o in _pairs_above(pair))]


def _half(first_key: tuple, second_key: tuple) -> dict:
    """Two suits' moves at a rank together (each suit: its state, its table and
    hand copies of the rank's card): (cards of each to sets) -> [(new pair,
    hand cards placed, choices)], without those another beats. Made once each."""
    joint = _HALVES.get((first_key, second_key))
    if joint is None:
        joint = _HALVES[(first_key, second_key)] = _joint(MOVES[first_key], MOVES[second_key])
    return joint


def _joint(first: dict, second: dict) -> dict:
    joint = {}
    for c0, o0 in first.items():
        for c1, o1 in second.items():
            found = {}
            for s0, g0, d0 in o0:
                for s1, g1, d1 in o1:
                    found[s0 * 10 + s1] = (g0 + g1, (d0, d1))
            joint[(c0, c1)] = tuple(
                (pair, g, d) for pair, (g, d) in found.items()
                if not any(found.get(o, (-1,))[0] >= g for o in _pairs_above(pair)))
    return joint


def _pairs_above(pair: int):
    """Every pair that dominates this one (one suit's state or both covered)."""
    a, b = divmod(pair, 10)
    for x in ABOVE[a]:
        yield x * 10 + b
        for y in ABOVE[b]:
            yield x * 10 + y
    for y in ABOVE[b]:
        yield a * 10 + y


def _undominated(layer: dict) -> dict:
    """The layer ({state: value}) without the states another one dominates (one
    suit's runs covered, the rest equal) at a value as high: they cannot do better."""
    kept = {}
    get = layer.get
    for key, value in layer.items():
        low, high = divmod(key, 100)
        for up in PAIR_ABOVE_100[low]:
            other = get(high + up)
            if other is not None and other >= value:
                break
        else:
            low = key - high
            for up in PAIR_ABOVE[high]:
                other = get(low + up)
                if other is not None and other >= value:
                    break
            else:
                kept[key] = value
    return kept


def _rebuild(layers) -> list[list[str]]:
    """The melds of the best arrangement, from the programme's choices."""
    choices = []
    state = 0
    for came_from in reversed(layers):
        previous, c01, d01, c23, d23 = came_from[state]
        choices.append((c01 + c23, d01 + d23))
        state = previous
    choices.reverse()
    melds: list[list[str]] = []
    open_runs: list[list[list[str]]] = [[], [], [], []]  # per suit, in the state's order (longest first)
    for r, (to_sets, details) in enumerate(choices):
        rank = RANKS[r] if r < len(RANKS) else None
        for s, (kept, new) in enumerate(details):
            runs = open_runs[s]
            code = CODE[(rank, SUITS[s])] if rank else None
            stay = [runs[i] + [code] for i in kept]
            melds.extend(runs[i] for i in range(len(runs)) if i not in kept)
            fresh = [[code] for _ in range(new)]
            open_runs[s] = sorted(stay + fresh, key=lambda run: min(len(run), 3), reverse=True)
        for group in SPLITS[to_sets] or ():
            melds.append([CODE[(rank, SUITS[s])] for s in group])
    return melds


def best_play(table, hand) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]] | None:
    """(the hand cards placed, the new canonical table) of a play placing the
    most hand cards (ties: the most penalty points), or None when no play exists
    (`table`: its cards, in any grouping)."""
    try:
        return _remembered(tuple(table), tuple(hand))
    except TypeError:  # groups given as lists: asked once, not remembered
        return _best_play(table, hand)


# the greedy bot asks, then the draw's rule asks again (a seat may draw only when it cannot play), and the
# expert's rollouts ask for thousands of positions a decision
@lru_cache(maxsize=4096)
def _remembered(table: tuple, hand: tuple):
    return _best_play(table, hand)


def _best_play(table, hand):
    table_cards = [c for meld in table for c in meld] if table and not isinstance(table[0], str) else list(table)
    layers, value = _search(_counts(table_cards), _counts(hand))
    if value is None or value < WEIGHT:
        return None
    melds = _rebuild(layers)
    placed = Counter(c for meld in melds for c in meld)
    placed.subtract(table_cards)
    return tuple(c for c in hand if placed[c] > 0 and not placed.subtract([c])), canonical_table(melds)


def can_play(table, hand) -> bool:
    return best_play(table, hand) is not None

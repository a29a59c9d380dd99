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
#: a class of two suits' cards to sets -> the other two suits' counts that complete a split
FITS = {cls: frozenset((c2, c3) for c2 in range(3) for c3 in range(3) if cls + (c2, c3) in SPLITTABLE)
        for cls in set(CLASS.values())}
PART = 10_000  # a key is class * PART + first pair * 100 + second pair


def _search(table_grid, hand_grid):
    """The programme: a list per rank of {state: (value, previous state, choices)},
    and the best final value. A state is the four suits' states as one number
    (S H D C: s0*1000 + s1*100 + s2*10 + s3). Each rank is taken in two halves,
    suits S and H, then D and C, so the moves of one half are not multiplied by
    the other's for every state."""
    layers = []
    layer = {0: (0, None, None)}
    classes = {cls: i for i, cls in enumerate(FITS)}
    fits = [FITS[cls] for cls in classes]
    for r in range(len(RANKS) + 1):  # one step past the ace closes every run
        if r < len(RANKS):
            tab, hnd, unit = table_grid[r], hand_grid[r], WEIGHT + penalty(CODE[(RANKS[r], "S")])
        else:
            tab, hnd, unit = (0, 0, 0, 0), (0, 0, 0, 0), 0
        k0, k1, k2, k3 = ((tab[s], hnd[s]) for s in range(4))
        halves: dict = {}
        middle: dict = {}
        for state, entry in layer.items():
            value = entry[0]
            low, high = divmod(state, 100)
            ours = halves.get(low)
            if ours is None:
                a, b = divmod(low, 10)
                ours = halves[low] = [(classes[CLASS[c01]] * PART, c01, [(pair * 100, gain * unit, d)
                                                                           for pair, gain, d in found])
                                      for c01, found in _half((a,) + k0, (b,) + k1).items()]
            for base, c01, found in ours:
                base += high
                for pair, gain, d01 in found:
                    total = value + gain
                    key = base + pair
                    old = middle.get(key)
                    if old is None or total > old[0]:
                        middle[key] = (total, state, c01, d01)
        middle = _undominated(middle)
        theirs_by: dict = {}
        nxt: dict = {}
        for key, (value, state, c01, d01) in middle.items():
            cls, rest = divmod(key, PART)
            low, high = divmod(rest, 100)
            theirs = theirs_by.get(high * 10 + cls)
            if theirs is None:
                c, d = divmod(high, 10)
                fit = fits[cls]
                theirs = theirs_by[high * 10 + cls] = [
                    (c23, [(pair, gain * unit, d23) for pair, gain, d23 in found])
                    for c23, found in _half((c,) + k2, (d,) + k3).items() if c23 in fit]
            low *= 100
            for c23, found in theirs:
                for pair, gain, d23 in found:
                    total = value + gain
                    new = low + pair
                    old = nxt.get(new)
                    if old is None or total > old[0]:
                        nxt[new] = (total, state, (c01 + c23, d01 + d23))
        nxt = _undominated(nxt)
        layers.append(nxt)
        layer = nxt
        if not layer:
            return layers, None
    final = layer.get(0)
    return layers, None if final is None else final[0]


_HALVES: dict = {}


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
    """The layer without the keys another one dominates (one suit's runs covered,
    the rest equal) at a value as high: they cannot do better."""
    kept = {}
    get = layer.get
    for key, entry in layer.items():
        value = entry[0]
        head, rest = divmod(key, PART)
        low, high = divmod(rest, 100)
        head = head * PART + high
        for up in PAIR_ABOVE[low]:
            other = get(head + up * 100)
            if other is not None and other[0] >= value:
                break
        else:
            head = key - high
            for up in PAIR_ABOVE[high]:
                other = get(head + up)
                if other is not None and other[0] >= value:
                    break
            else:
                kept[key] = entry
    return kept


def _rebuild(layers) -> list[list[str]]:
    """The melds of the best arrangement, from the programme's choices."""
    choices = []
    state = 0
    for layer in reversed(layers):
        _, previous, choice = layer[state]
        choices.append(choice)
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

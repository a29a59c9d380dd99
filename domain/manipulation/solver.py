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
                moves[(si, t, h)] = {c: tuple((s, g, d) for s, (g, d) in found.items())
                                     for c, found in grouped.items()}
    return moves


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


def _search(table_grid, hand_grid, hand_limit=None):
    """The programme: a list per rank of {state: (value, previous state, choices)}, and the best final value."""
    layers = []
    layer = {(EMPTY,) * 4: (0, None, None)}
    for r in range(len(RANKS) + 1):  # one step past the ace closes every run
        if r < len(RANKS):
            tab, hnd, unit = table_grid[r], hand_grid[r], WEIGHT + penalty(CODE[(RANKS[r], "S")])
        else:
            tab, hnd, unit = (0, 0, 0, 0), (0, 0, 0, 0), 0
        nxt: dict = {}
        keys = [(tab[s], hnd[s]) for s in range(4)]
        for state, (value, _, _) in layer.items():
            m0 = MOVES[(state[0],) + keys[0]]
            m1 = MOVES[(state[1],) + keys[1]]
            m2 = MOVES[(state[2],) + keys[2]]
            m3 = MOVES[(state[3],) + keys[3]]
            for c0, o0 in m0.items():
                for c1, o1 in m1.items():
                    for c2, o2 in m2.items():
                        for c3, o3 in m3.items():
                            if (c0, c1, c2, c3) not in SPLITTABLE:
                                continue
                            cs = (c0, c1, c2, c3)
                            for s0, g0, d0 in o0:
                                for s1, g1, d1 in o1:
                                    for s2, g2, d2 in o2:
                                        for s3, g3, d3 in o3:
                                            total = value + (g0 + g1 + g2 + g3) * unit
                                            key = (s0, s1, s2, s3)
                                            old = nxt.get(key)
                                            if old is None or total > old[0]:
                                                nxt[key] = (total, state, (cs, (d0, d1, d2, d3)))
        layers.append(nxt)
        layer = nxt
        if not layer:
            return layers, None
    final = layer.get((EMPTY,) * 4)
    return layers, None if final is None else final[0]


def _rebuild(layers) -> list[list[str]]:
    """The melds of the best arrangement, from the programme's choices."""
    choices = []
    state = (EMPTY,) * 4
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

"""`playable`: the most points a hand's leftover cards could still have earned.

RULES.md asks for an exact optimum: the cards may be laid as new pairs, sets, runs
and special melds, and laid off on the table as it stands, in the best possible
combination. A greedy choice is wrong (a card may serve a set or a run, not both),
so the whole space is searched, but in a shape that keeps it small.

The algorithm
-------------
1. **Special melds** are chosen first: every disjoint selection of the special
   melds the hand can form (usually none) is tried, and the rest of the hand is
   solved for each. Specials cannot be extended, so they interact with nothing else.

2. **Sets and lay-offs on sets** depend only on how many cards of a rank are used,
   never on their suits. For each rank r, a small knapsack gives F_r(j): the best
   value of j cards of rank r spread over new pairs/sets and lay-offs on the
   table's pairs/sets of that rank (some may stay unused, so F_r is monotone).

3. **Runs** are found by a sweep over the ranks 2..K, deciding at each rank r and
   suit s how many of the hand's copies of that card go into runs; the others go
   to rank r's set value F_r. The sweep carries, per suit, the *open segments*
   that end at rank r-1, each as (length, table part, top rank):
     - a segment of hand cards only (table part 0), which must reach 3 cards
       unless it is joined to the bottom of a table run;
     - a table run, with whatever hand cards were joined below it or added above
       it; its worth is V(length) - V(table part), so lay-offs at both ends of one
       table run are valued together, as the convex V requires.
   At rank r each segment ending at r-1 either takes one hand card at r, is joined
   to a table run that starts at r (hand segments only: two table melds never
   merge), or closes. Hand cards at r that continue nothing start new segments.
   Table runs that start at r enter the sweep with their whole length.
   The sweep is memoised on (rank, the four suits' segment tuples), which stays
   small: a segment is at most 12 ranks long and a rank has at most two copies of
   a card.

Every card is thus used once at most, every meld is valid, and every combination
of new melds and lay-offs is reachable, so the maximum is exact. Tests compare it
with an exhaustive search over partitions of small hands.
"""

from collections import Counter
from itertools import product

from ..kernel.cards import CODE, COLOUR, HIGHEST, LOWEST, RANK, SUIT, SUITS, is_ace
from .melds import PAIR, RUN, SET, SPECIALS, V

_INVALID = -(10**9)
_NONE = [0]  # F(0) = 0: the set value of a rank the hand does not hold


def playable(cards, table) -> int:
    """Best points `cards` could earn in one more turn on `table` (TableMelds)."""
    counts = Counter(c for c in cards if not is_ace(c))
    if not counts:
        return 0
    set_sizes: dict[int, list[int]] = {}
    run_starts: dict[str, dict[int, list[tuple[int, int]]]] = {s: {} for s in SUITS}
    for meld in table:
        if meld.kind in (PAIR, SET):
            set_sizes.setdefault(RANK[meld.cards[0]], []).append(len(meld.cards))
        elif meld.kind == RUN:
            ranks = [RANK[c] for c in meld.cards]
            lo, hi = min(ranks), max(ranks)
            run_starts[SUIT[meld.cards[0]]].setdefault(lo, []).append((len(ranks), hi))
    best = 0
    for points, rest in _special_choices(counts):
        best = max(best, points + _Sweep(rest, set_sizes, run_starts).best())
    return best


def _special_candidates(counts: Counter) -> list[tuple[tuple[str, ...], int]]:
    found = {}
    for ranks, one_suit, one_colour in SPECIALS:
        for colour in ("black", "red"):
            suits = [s for s in SUITS if COLOUR[s] == colour]
            options = [[CODE[(r, s)] for s in suits if counts[CODE[(r, s)]]] for r in sorted(ranks)]
            for cards in product(*options):
                same_suit = len({SUIT[c] for c in cards}) == 1
                found[cards] = one_suit if same_suit else one_colour
    return sorted(found.items())


def _special_choices(counts: Counter, start: int = 0, candidates=None):
    """(points, remaining counts) for every disjoint selection of special melds."""
    if candidates is None:
        candidates = _special_candidates(counts)
    yield 0, counts
    for i in range(start, len(candidates)):
        cards, points = candidates[i]
        if all(counts[c] for c in cards):
            rest = counts.copy()
            rest.subtract(cards)
            for more, remaining in _special_choices(+rest, i, candidates):
                yield points + more, remaining


def rank_values(available: int, table_sizes) -> list[int]:
    """F(j) for j = 0..available: best worth of j cards of one rank as new
    pairs/sets and lay-offs on table pairs/sets of these sizes (unused allowed)."""
    best = [0] * (available + 1)
    for m in table_sizes:
        step = best[:]
        for x in range(1, available + 1):
            for t in range(1, x + 1):
                step[x] = max(step[x], best[x - t] + V[m + t] - V[m])
        best = step
    for x in range(2, available + 1):
        for t in range(2, x + 1):
            best[x] = max(best[x], best[x - t] + V[t])
    for x in range(1, available + 1):
        best[x] = max(best[x], best[x - 1])
    return best


def _close(segment) -> int:
    length, table_part, _ = segment
    if table_part:
        return V[length] - V[table_part]
    return V[length] if length >= 3 else _INVALID


class _Sweep:
    """The rank sweep of step 3, over one selection of remaining cards."""

    def __init__(self, counts: Counter, set_sizes, run_starts):
        self.count = {(RANK[c], SUIT[c]): n for c, n in counts.items()}
        self.run_starts = run_starts
        self.in_runs = _run_capable(self.count, run_starts)
        totals = Counter()
        for (r, _), n in self.count.items():
            totals[r] += n
        self.set_value = {r: rank_values(totals[r], set_sizes.get(r, ())) if totals[r] else _NONE
                          for r in range(LOWEST, HIGHEST + 1)}
        # Ranks where the sweep has something to decide: a run-capable card, or a
        # table run starting (its segment must enter the state).
        self.busy = {r for (r, _) in self.in_runs}
        for starts in run_starts.values():
            self.busy.update(starts)
        self.memo = {}
        self.suit_memo = {}

    def best(self) -> int:
        if not self.in_runs:  # no run can be made or extended: sets alone decide
            return sum(values[-1] for values in self.set_value.values())
        return max(0, self._go(LOWEST, ((),) * len(SUITS)))

    def _go(self, r: int, states) -> int:
        if r > HIGHEST:
            return sum(_close(seg) for state in states for seg in state)
        if r not in self.busy and not any(seg[2] == r - 1 for state in states for seg in state):
            # Nothing to decide here: every card of rank r goes to sets.
            return self.set_value[r][-1] + self._go(r + 1, states)
        key = (r, states)
        if key in self.memo:
            return self.memo[key]
        options = [self._suit_options(r, s, state) for s, state in zip(SUITS, states, strict=True)]
        total = len(self.set_value[r]) - 1
        best = _INVALID
        for combo in product(*options):
            used = 0
            value = 0
            for a, _, v in combo:
                used += a
                value += v
            value += self.set_value[r][total - used]
            rest = self._go(r + 1, tuple(nxt for _, nxt, _ in combo))
            if value + rest > best:
                best = value + rest
        self.memo[key] = best
        return best

    def _suit_options(self, r: int, suit: str, state) -> list:
        """(cards of (r, suit) used in runs, next segments, value closed) choices."""
        key = (r, suit, state)
        if key in self.suit_memo:
            return self.suit_memo[key]
        have = self.count.get((r, suit), 0) if (r, suit) in self.in_runs else 0
        starting = self.run_starts[suit].get(r, [])
        options = []
        for a in range(have + 1):
            for nxt, value in _transitions(r, a, state, starting).items():
                options.append((a, nxt, value))
        self.suit_memo[key] = options
        return options


def _run_capable(count: dict, run_starts) -> set[tuple[int, str]]:
    """The hand's cards that could be in a run at all: some window of three
    consecutive ranks around them is covered by the hand or a table run of
    their suit. Cards outside it can only go to sets, which prunes the sweep."""
    covered = {(r, s) for (r, s) in count}
    for suit, starts in run_starts.items():
        for lo, runs in starts.items():
            for _, hi in runs:
                covered.update((r, suit) for r in range(lo, hi + 1))
    capable = set()
    for (r, s) in count:
        for lo in (r - 2, r - 1, r):
            if all((k, s) in covered for k in range(lo, lo + 3)):
                capable.add((r, s))
                break
    return capable


def _transitions(r: int, a: int, state, starting) -> dict:
    """Every way `a` hand cards at rank r continue, join or start segments."""
    ending = [seg for seg in state if seg[2] == r - 1]
    passing = [seg for seg in state if seg[2] >= r]
    results: dict[tuple, int] = {}

    def assign(i: int, cards_left: int, joined: frozenset, made: list, value: int) -> None:
        if i == len(ending):
            segments = passing + made + [(1, 0, r)] * cards_left
            segments += [(m, m, hi) for k, (m, hi) in enumerate(starting) if k not in joined]
            nxt = tuple(sorted(segments))
            if value > results.get(nxt, _INVALID):
                results[nxt] = value
            return
        length, table_part, _ = ending[i]
        closed = _close(ending[i])
        if closed > _INVALID:
            assign(i + 1, cards_left, joined, made, value + closed)
        if cards_left:
            assign(i + 1, cards_left - 1, joined, made + [(length + 1, table_part, r)], value)
        if not table_part:
            for k, (m, hi) in enumerate(starting):
                if k not in joined:
                    assign(i + 1, cards_left, joined | {k}, made + [(length + m, m, hi)], value)

    assign(0, a, frozenset(), [], 0)
    return results

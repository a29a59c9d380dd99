"""Exact deadwood solvers for Gin: the knocker's best arrangement, the best
discard to knock with, the defender's best melds and lay-offs, and the checks of
arrangements declared by players.

The algorithm (why it is exact)
-------------------------------
The hand's cards are put in Gin order (rank ace-low, then suit) and numbered
0..n-1; a set of cards is a bitmask. A *piece* is what a card can go to:
deadwood (the card alone), a meld of `melds.all_melds(hand)`, or, for the
defender, a *lay-off piece* (below). An arrangement is a choice of disjoint
pieces covering the hand, and its cost is the sum of its pieces' costs.

Take the lowest card c of a set S. In any arrangement of S, c is in exactly one
piece P, P lies within S, c is P's lowest card, and the other pieces arrange
S minus P. Conversely any such P plus any arrangement of S minus P is an
arrangement of S. Hence, with no approximation:

    best(S) = min over pieces P with lowest card c and P within S of
              cost(P) + best(S minus P),            best(empty) = 0.

Every arrangement is exactly one path of choices (pieces are taken lowest card
first), so the minimum over paths is the minimum over arrangements. The search
is memoised on S, and only the sets reachable by peeling pieces off the bottom
of the hand are ever visited: for 10-card hands a median of 11 and at most 29
over 2,000 random and meld-rich hands (timings below).
A greedy choice would be wrong: a card may serve a set or a run, not both.

Lay-off pieces. What the defender lays off on one knocker meld is: for a set of
3 its rank's 4th card; for a set of 4 nothing; for a run lo..hi of a suit, a
chain below it (lo-1, lo-2, ..., lo-k, all held, ace lowest) and/or a chain
above it (hi+1, ..., hi+j, king highest). Each chain of each length is a piece.
Two pieces of one chain both hold the card next to the run, so disjoint pieces
take at most one chain below and one above, and that is always a legal lay-off
(each card laid nearest first extends the run as it then stands). Different
knocker melds hold different cards (one deck), so their pieces are independent;
a defender card that fits two knocker melds (5H between 2H-3H-4H and 6H-7H-8H,
or 7C onto 7S-7H-7D or onto 4C-5C-6C) is a candidate in both, and disjointness
lets the search try each. A card in the defender's own meld is in no other
piece, so it is never laid off too.

Ties. Costs are integers encoding the key (points, deadwood cards, laid-off
cards, own melds), compared in that order: fewest deadwood points, then fewest
deadwood cards, then fewest cards laid off (own melds preferred), then fewest
melds (3H..8H is one run, not two). The key is additive over pieces, so the
memoised best of the rest is also best for the tie-break. Remaining ties go to
the first choice in a fixed order, card by card from the lowest: that card's
melds in `all_melds` order, then its lay-off pieces by knocker meld index
(chain below before chain above, shorter first), then deadwood. Everything is
a function of the set of cards, so the result never depends on the order in
which a hand is given. `min_deadwood` and `best_knock` want the points alone,
and the bots ask them at every turn: least.py answers them with the same search
on whole-deck masks, prepared once and remembered across hands.

Timings (CPython 3.11, a 2-core VM, best of 5 runs per hand, 1,000 random
hands, bench/gin_deadwood.py, 2026-11-27): `best_arrangement` of 10 cards
median ~20 us (p99 ~36 us); `defender_best` against a knocker's melds ~24 us
(p99 ~46 us); `min_deadwood` of a hand new to least.py ~5 us; `best_knock` of
11 cards (all 11 discards) ~15 us new (p99 ~28 us), ~2 us met before (against
~36 us by this module's search, which answered it until then).
"""

from dataclasses import dataclass

from ..kernel.errors import CardNotInHand, InvalidCard, InvalidLayoff, InvalidMeld, NoSuchMeld
from .cards import CODE, RANK, SUIT, SUITS, VALUE, sorted_cards
from .least import least_after_discards, least_deadwood
from .melds import all_melds, is_meld, is_set

__all__ = [
    "KNOCK_LIMIT",
    "Arrangement",
    "Defence",
    "best_arrangement",
    "best_knock",
    "check_arrangement",
    "check_defence",
    "defender_best",
    "knockable",
    "legal_knocks",
    "min_deadwood",
]

#: A knock is allowed with at most this much deadwood (0 is gin).
KNOCK_LIMIT = 10

# The tie-break key packed in one integer: points, then deadwood cards, then
# laid-off cards, then own melds. Each count is below 16 (hands of at most 15
# cards are safe), so no field overflows into the next.
_MELD = 1
_LAID = 1 << 4
_DEAD = 1 << 8
_POINT = 1 << 12


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Disjoint melds (each sorted, in order of their lowest card) and the
    deadwood left over (sorted), with its points."""

    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's own melds, their lay-offs and the deadwood left over.

    `layoffs` holds (index of the knocker's meld, cards laid on it) pairs,
    sorted by index, one pair per meld; the cards are in an order they can be
    laid one by one (for a run: the chain below nearest first, then the chain
    above nearest first)."""

    melds: tuple[tuple[str, ...], ...]
    layoffs: tuple[tuple[int, tuple[str, ...]], ...]
    deadwood: tuple[str, ...]
    points: int


# --- the search ---------------------------------------------------------------


def _cards_of(hand, tie_break: bool = False) -> tuple[str, ...]:
    """The hand in Gin order; a solver's input is the engine's own state, so a
    bad card is a bug (ValueError), not a rule violation."""
    cards = tuple(hand)
    if tie_break and len(cards) > 15:
        raise ValueError("the tie-break key holds counts below 16: at most 15 cards")
    for card in cards:
        if card not in RANK:
            raise ValueError(f"not a card code: {card!r}")
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card appears twice in {cards!r}")
    return sorted_cards(cards)


def _meld_pieces(cards, index, options, cost):
    """Add every meld of the cards to `options[lowest card]` as (mask, cost, meld)."""
    for meld in all_melds(cards):
        mask = 0
        for card in meld:
            mask |= 1 << index[card]
        options[index[meld[0]]].append((mask, cost, meld))


def _dead_pieces(cards, options):
    for i, card in enumerate(cards):
        cost = VALUE[card] * _POINT + _DEAD
        options[i].append((1 << i, cost, None))


def _searcher(options, memo):
    """best(mask) of the module docstring, memoised in `memo` (mask -> cost)."""
    memo.setdefault(0, 0)
    get = memo.get

    def best(mask):
        low = mask & -mask
        result = None
        for piece, cost, _ in options[low.bit_length() - 1]:
            if piece & mask == piece:
                rest = mask ^ piece
                sub = get(rest)
                if sub is None:
                    sub = best(rest)
                total = cost + sub
                if result is None or total < result:
                    result = total
        memo[mask] = result
        return result

    return best


def _walk(mask, options, memo):
    """The pieces of the best arrangement of `mask`: at each step the first
    piece (in option order) reaching the memoised minimum, as the search chose."""
    chosen = []
    while mask:
        low = mask & -mask
        target = memo[mask]
        for piece, cost, tag in options[low.bit_length() - 1]:
            if piece & mask == piece and cost + memo.get(mask ^ piece, -1) == target:
                chosen.append((piece, tag))
                mask ^= piece
                break
        else:  # pragma: no cover - the memo always holds the chosen rest
            raise AssertionError("deadwood search: no piece reaches the minimum")
    return chosen


def _solve(cards, options):
    memo: dict[int, int] = {}
    full = (1 << len(cards)) - 1
    if full:
        _searcher(options, memo)(full)
    else:
        memo[0] = 0
    return _walk(full, options, memo)


# --- the knocker (and any hand) -------------------------------------------------


def best_arrangement(hand) -> Arrangement:
    """The arrangement of the hand into disjoint melds with the least deadwood
    points (ties: see the module docstring)."""
    cards = _cards_of(hand, tie_break=True)
    index = {card: i for i, card in enumerate(cards)}
    options = [[] for _ in cards]
    _meld_pieces(cards, index, options, _MELD)
    _dead_pieces(cards, options)
    melds = [tag for _, tag in _solve(cards, options) if tag is not None]
    used = {c for meld in melds for c in meld}
    dead = tuple(c for c in cards if c not in used)
    return Arrangement(tuple(melds), dead, sum(VALUE[c] for c in dead))


def min_deadwood(hand) -> int:
    """The least deadwood points the hand can be left with (least.py: points only)."""
    return least_deadwood(hand)


def best_knock(hand11) -> dict[str, int]:
    """For each card of the hand (normally 11 cards, after the draw), in Gin
    order: the least deadwood of the other cards if that card is discarded."""
    return least_after_discards(hand11)


def legal_knocks(hand11, limit: int = KNOCK_LIMIT) -> dict[str, int]:
    """The discards that leave a knockable hand (deadwood at most `limit`),
    each with the deadwood it leaves (0: gin), in Gin order of the cards."""
    return knockable(best_knock(hand11), limit)


def knockable(left: dict[str, int], limit: int = KNOCK_LIMIT) -> dict[str, int]:
    """Of a hand's `best_knock` (`left`), the discards that leave at most `limit` deadwood."""
    return {card: points for card, points in left.items() if points <= limit}


# --- the defender ---------------------------------------------------------------


def _knocker_melds(knocker_melds, hand_cards) -> tuple[tuple[str, ...], ...]:
    melds = tuple(tuple(meld) for meld in knocker_melds)
    seen: set[str] = set(hand_cards)
    for meld in melds:
        if not is_meld(meld):
            raise ValueError(f"not a meld: {meld!r}")
        if seen & set(meld):
            raise ValueError(f"a card of {meld!r} is in the defender's hand or another meld")
        seen |= set(meld)
    return melds


def _layoff_pieces(melds, index, options, *, cost_per_card):
    """Add every lay-off piece on the knocker's `melds` that the defender's
    cards (`index`) allow, tagged (meld index, cards in laying order)."""
    for k, meld in enumerate(melds):
        if is_set(meld):
            if len(meld) == 3:
                rank = RANK[meld[0]]
                (suit,) = set(SUITS) - {SUIT[c] for c in meld}
                fourth = CODE[(rank, suit)]
                if fourth in index:
                    i = index[fourth]
                    options[i].append((1 << i, cost_per_card, (k, (fourth,))))
            continue
        suit = SUIT[meld[0]]
        ranks = [RANK[c] for c in meld]
        for step, start, stop in ((-1, min(ranks) - 1, 0), (1, max(ranks) + 1, 14)):
            mask, chain = 0, []
            for rank in range(start, stop, step):
                card = CODE[(rank, suit)]
                if card not in index:
                    break
                mask |= 1 << index[card]
                chain.append(card)
                lowest = min(index[c] for c in chain)
                options[lowest].append((mask, cost_per_card * len(chain), (k, tuple(chain))))


def _laying_order(meld, cards) -> tuple[str, ...]:
    """Cards laid on one meld in an order they can go one by one: for a run,
    those below it nearest first, then those above it nearest first."""
    low = min(RANK[c] for c in meld)
    below = sorted((c for c in cards if RANK[c] < low), key=lambda c: -RANK[c])
    above = sorted((c for c in cards if RANK[c] >= low), key=lambda c: RANK[c])
    return tuple(below + above)


def _defence(cards, knocker_melds, pieces) -> Defence:
    melds, laid = [], {}
    for _, tag in pieces:
        if tag is None:
            continue
        if isinstance(tag[0], int):
            k, chain = tag
            laid[k] = laid.get(k, ()) + chain
        else:
            melds.append(tag)
    used = {c for meld in melds for c in meld} | {c for chain in laid.values() for c in chain}
    dead = tuple(c for c in cards if c not in used)
    layoffs = tuple((k, _laying_order(knocker_melds[k], laid[k])) for k in sorted(laid))
    return Defence(tuple(melds), layoffs, dead, sum(VALUE[c] for c in dead))


def defender_best(hand, knocker_melds, *, allow_layoffs: bool = True) -> Defence:
    """The defender's least deadwood: their own disjoint melds plus lay-offs on
    the knocker's melds (`knocker_melds`, referred to by index). Pass
    allow_layoffs=False when the knocker went gin: then only own melds count."""
    cards = _cards_of(hand, tie_break=True)
    melds = _knocker_melds(knocker_melds, cards)
    index = {card: i for i, card in enumerate(cards)}
    options = [[] for _ in cards]
    _meld_pieces(cards, index, options, _MELD)
    if allow_layoffs:
        _layoff_pieces(melds, index, options, cost_per_card=_LAID)
    _dead_pieces(cards, options)
    return _defence(cards, melds, _solve(cards, options))


# --- declared arrangements --------------------------------------------------------


def _declared_cards(cards, hand_set, taken, what):
    cards = tuple(cards)
    for card in cards:
        if not isinstance(card, str) or card not in RANK:
            raise InvalidCard(f"not a card code: {card!r}")
        if card not in hand_set:
            raise CardNotInHand(f"{card} is not in the hand")
        if card in taken:
            raise InvalidMeld(f"{card} is used twice") if what == "meld" else InvalidLayoff(f"{card} is used twice")
        taken.add(card)
    return cards


def check_arrangement(hand, melds) -> Arrangement:
    """Validate melds declared from a hand: every card in the hand, no card in
    two melds, each a set or a run. Returns the arrangement with the melds in
    the declared order (each sorted) and the rest of the hand as deadwood.
    Raises InvalidCard, CardNotInHand or InvalidMeld."""
    cards = _cards_of(hand)
    hand_set = set(cards)
    taken: set[str] = set()
    declared = []
    for meld in melds:
        meld = _declared_cards(meld, hand_set, taken, "meld")
        if not is_meld(meld):
            raise InvalidMeld(f"{list(meld)} is not a set of 3-4 of a rank nor a run of 3+ of a suit (ace low)")
        declared.append(sorted_cards(meld))
    dead = tuple(c for c in cards if c not in taken)
    return Arrangement(tuple(declared), dead, sum(VALUE[c] for c in dead))


def check_defence(hand, melds, layoffs, knocker_melds, *, allow_layoffs: bool = True) -> Defence:
    """Validate a defender's declaration: own `melds` as in check_arrangement,
    and `layoffs`, (index into knocker_melds, cards) pairs, with cards from the
    hand that are in none of the own melds; all the cards laid on one knocker
    meld must extend it to a meld (a 3-set's 4th card, a run's ends, chained).
    No lay-offs when allow_layoffs is False (the knocker went gin). Raises
    InvalidCard, CardNotInHand, InvalidMeld, NoSuchMeld or InvalidLayoff."""
    own = check_arrangement(hand, melds)
    table = _knocker_melds(knocker_melds, _cards_of(hand))
    taken = {c for meld in own.melds for c in meld}
    hand_set = set(own.deadwood) | taken
    laid: dict[int, tuple[str, ...]] = {}
    for k, cards in layoffs:
        if not allow_layoffs:
            raise InvalidLayoff("the knocker went gin: nothing may be laid off")
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(table):
            raise NoSuchMeld(f"the knocker has no meld {k!r}")
        cards = _declared_cards(cards, hand_set, taken, "layoff")
        if not cards:
            raise InvalidLayoff("nothing to lay off")
        laid[k] = laid.get(k, ()) + cards
    for k, cards in laid.items():
        # a 3-set plus cards is a meld only as a 4-set, a run plus cards only as a run
        if not is_meld(table[k] + cards):
            raise InvalidLayoff(f"{list(cards)} do not extend the knocker's meld {list(table[k])}")
    dead = tuple(c for c in own.deadwood if c not in taken)
    layoff_pairs = tuple((k, _laying_order(table[k], laid[k])) for k in sorted(laid))
    return Defence(own.melds, layoff_pairs, dead, sum(VALUE[c] for c in dead))

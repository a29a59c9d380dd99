"""What counts as a meld, what it is worth, and what may be laid off on it.

Points are path independent: a meld of k cards is worth V(k) however it was
built, because laying off j cards on a meld of m scores V(m+j) - V(m).
"""

from ..kernel.cards import ACE, COLOUR, RANK, SUIT, sorted_cards
from ..kernel.shapes import is_sequence, one_rank

PAIR, SET, RUN, SPECIAL = "pair", "set", "run", "special"


def _values(up_to: int) -> tuple[int, ...]:
    # V(2) = 10, V(3) = 30, V(k) = V(k-1) + 10k; V(0) = V(1) = 0 so that a
    # lay-off's worth V(m+j) - V(m) needs no special case.
    values = [0, 0, 10, 30]
    for k in range(4, up_to + 1):
        values.append(values[-1] + 10 * k)
    return tuple(values)


#: V[k] for k up to 24: sets reach 8 cards (two decks), runs 12; the solver of
#: `playable` may count a few table cards on top, and never more than this.
V = _values(24)

ODD_RANKS = frozenset({3, 5, 7, 9, 11, 13})  # K J 9 7 5 3
EVEN_RANKS = frozenset({2, 4, 6, 8, 10, 12})  # Q 10 8 6 4 2
#: (ranks, points when all one suit, points when one colour but mixed suits)
SPECIALS = ((ODD_RANKS, 700, 300), (EVEN_RANKS, 500, 200))


def special_points(cards) -> int:
    """Table value of a special meld, or 0 if these cards are not one."""
    if len(cards) != 6:
        return 0
    ranks = {RANK[c] for c in cards}
    suits = {SUIT[c] for c in cards}
    for pattern, one_suit, one_colour in SPECIALS:
        if ranks == pattern:
            if len(suits) == 1:
                return one_suit
            if len({COLOUR[s] for s in suits}) == 1:
                return one_colour
    return 0


def is_run(cards) -> bool:
    """3 or more of one suit in sequence within 2..K: aces never meld."""
    return len(cards) >= 3 and not any(RANK[c] == ACE for c in cards) and is_sequence(cards)


def classify(cards) -> tuple[str, int] | None:
    """(kind, points) of a new meld of these cards, or None if it is not one."""
    n = len(cards)
    if n < 2:
        return None
    if RANK[cards[0]] != ACE and one_rank(cards):
        return (PAIR if n == 2 else SET), V[n]
    if is_run(cards):
        return RUN, V[n]
    points = special_points(cards)
    if points:
        return SPECIAL, points
    return None


def extend(kind: str, meld_cards, added) -> tuple[str, tuple[str, ...], int] | None:
    """Lay `added` off on a table meld: (new kind, new cards, points) or None.

    The meld must stay valid: a pair or set takes cards of its rank (a pair
    becomes a set), a run takes cards that keep it one unbroken run; nothing is
    laid off on a special meld.
    """
    if not added or kind == SPECIAL:
        return None
    combined = tuple(meld_cards) + tuple(added)
    result = classify(combined)
    if result is None:
        return None
    new_kind = result[0]
    if kind == RUN and new_kind != RUN:
        return None
    if kind in (PAIR, SET) and new_kind not in (PAIR, SET):
        return None
    m, k = len(meld_cards), len(combined)
    return new_kind, sorted_cards(combined), V[k] - V[m]

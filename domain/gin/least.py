"""The least deadwood points of a hand, the question the bots ask most (greedy
asks it for every discard of every turn, and the expert's rollouts ask it for
every turn of thousands of imagined hands): `min_deadwood` and `best_knock` of
deadwood.py are answered here.

The search is deadwood.py's (best of a set = the best choice for its lowest
card: deadwood, or a meld of which it is the lowest card, plus the best of the
rest), but only the points count, so no arrangement is kept and no tie is
broken, and everything is prepared once instead of per hand:

* a hand is a 52-bit mask, card i being Gin's i-th card (ace-low rank, then
  suit): ascending bits are Gin order;
* every meld of the deck is a mask, listed under its lowest card: runs
  shortest first (a run not held means no longer one from that card is
  held either), then sets;
* the best of a mask is remembered across hands, since hands in play differ by
  a card or two and share most of their subsets, and so is each hand's
  `least_after_discards`. The memory is emptied when it holds `REMEMBERED`
  masks (a few MB), so it never grows without bound; a worker's threads may
  share it, since every answer is a function of the mask alone.

`least_deadwood` of a 10-card hand never met costs ~5 us, `least_after_discards`
of 11 cards ~15 us, ~2 us met before (bench/gin_deadwood.py; docs/performance.md).
"""

from .cards import DECK, RANK, SUIT, VALUE

REMEMBERED = 200_000

_BIT = {card: 1 << i for i, card in enumerate(DECK)}
_POINTS = tuple(VALUE[card] for card in DECK)


def _deck_melds():
    """(runs, sets) of each card (by index) as masks, the card lowest in each."""
    runs, sets = [[] for _ in DECK], [[] for _ in DECK]
    by_rank_suit = {(RANK[c], SUIT[c]): _BIT[c] for c in DECK}
    for i, card in enumerate(DECK):
        rank, suit = RANK[card], SUIT[card]
        mask = _BIT[card]
        for high in range(rank + 1, 14):
            mask |= by_rank_suit[(high, suit)]
            if high - rank >= 2:
                runs[i].append(mask)
        higher = [_BIT[c] for c in DECK[i + 1:] if RANK[c] == rank]  # same rank, later suits
        for a in range(len(higher)):
            for b in range(a + 1, len(higher)):
                sets[i].append(_BIT[card] | higher[a] | higher[b])
        if len(higher) == 3:
            sets[i].append(_BIT[card] | higher[0] | higher[1] | higher[2])
    return tuple(map(tuple, runs)), tuple(map(tuple, sets))


_RUNS, _SETS = _deck_melds()
_memo: dict[int, int] = {0: 0}  # a set's least deadwood
_after: dict[int, tuple] = {}  # a hand's ((card, least deadwood of the others), ...)


def _held(i: int, mask: int):
    """The deck's melds with card i lowest that the mask holds."""
    for run in _RUNS[i]:
        if run & mask != run:
            break  # nor any longer run from i
        yield run
    for meld in _SETS[i]:
        if meld & mask == meld:
            yield meld


def _least(mask: int) -> int:
    low = mask & -mask
    i = low.bit_length() - 1
    get = _memo.get
    rest = mask ^ low
    sub = get(rest)
    best = _POINTS[i] + (sub if sub is not None else _least(rest))
    if best:
        for meld in _held(i, mask):
            sub = get(mask ^ meld)
            if sub is None:
                sub = _least(mask ^ meld)
            if sub < best:
                best = sub
    _memo[mask] = best
    return best


def _mask(hand) -> int:
    """The hand's mask; a solver's input is the engine's own state, so a bad or
    repeated card is a bug (ValueError), not a rule violation."""
    try:
        bits = list(map(_BIT.__getitem__, hand))
    except (KeyError, TypeError):
        raise ValueError(f"not a card code in {hand!r}") from None
    mask = sum(bits)  # a repeated card carries into another bit: fewer bits than cards
    if mask.bit_count() != len(bits):
        raise ValueError(f"a card appears twice in {tuple(hand)!r}")
    return mask


def forget() -> None:
    """Empty the memory (a benchmark times a hand met for the first time)."""
    _memo.clear()
    _memo[0] = 0
    _after.clear()


def _remembered(mask: int) -> int:
    found = _memo.get(mask)
    if found is None:
        if len(_memo) >= REMEMBERED:
            forget()
        found = _least(mask)
    return found


def least_deadwood(hand) -> int:
    """The least deadwood points the hand can be left with."""
    return _remembered(_mask(hand))


def least_after_discards(hand) -> dict[str, int]:
    """For each card of the hand, in Gin order: the least deadwood of the others.

    One pass over the hand instead of a search per discard: an arrangement of
    the hand less d is an arrangement of the whole hand with d alone and free.
    Peeling pieces off from the lowest card, d is peeled alone from some set S
    of which it is the lowest card; so the answer for d is the least, over such
    S, of what the pieces peeled before S cost (`ahead`, least over the ways
    there) plus the best of S less d (the search's own memory)."""
    mask = _mask(hand)
    known = _after.get(mask)
    if known is None:
        if len(_after) >= REMEMBERED // 10:
            _after.clear()
        known = _after[mask] = tuple(_after_discards(mask).items())
    return dict(known)


def _after_discards(mask: int) -> dict[str, int]:
    result = {}
    layers = {mask & -mask: {mask: 0}}  # states by their lowest card: peeling only ever raises it
    bits = mask
    while bits:
        low = bits & -bits
        bits ^= low
        i = low.bit_length() - 1
        least = None
        for state, ahead in layers.pop(low).items():
            rest = state ^ low
            total = ahead + _remembered(rest)
            if least is None or total < least:
                least = total
            if rest:
                _reach(layers, rest, ahead + _POINTS[i])
                for meld in _held(i, state):
                    if state != meld:
                        _reach(layers, state ^ meld, ahead)
        result[DECK[i]] = least
    return result


def _reach(layers, state: int, ahead: int) -> None:
    layer = layers.setdefault(state & -state, {})
    if ahead < layer.get(state, 99999):
        layer[state] = ahead

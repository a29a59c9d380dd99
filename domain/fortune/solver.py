"""The exact meld-points solver: the most points a seat can put on the table now
from its hand, with new melds and lay-offs on its own table melds, deuces wild
and their stand-ins chosen at best (tests/test_fortune_solver.py proves it
against an exhaustive brute force that shares no code with it).

Algorithm: a memoised depth-first search over the hand's natural cards (every
card but the deuces) in a fixed order (suit, then rank with the ace lowest).
The first natural card left, c, is decided in every way it can be used:
  * it stays in hand;
  * it starts a new set: with any sub-multiset of the other naturals of its rank
    and enough deuces to make 3 or 4;
  * it starts a new run: every window of positions around c's (1..14, an ace at
    1 or 14), each other position filled by a natural still undecided or by a
    deuce (both are tried where a natural exists, since that natural may serve
    elsewhere);
  * it is laid off on one of the seat's table melds: on a set of its rank with
    room, or at the end of a run of its suit, the gap in between filled as above.
Any meld holding c and an earlier natural was formed when that earlier card was
decided, so these cases are exhaustive. When no natural is left, the deuces
still held are laid off on the table melds (a meld is never of deuces alone):
a small knapsack over how many go to each meld's ends. The state (naturals
left, deuces left, each table meld's extent) is memoised. Deuces are
interchangeable, so the search counts them and names them only in the plan.
"""

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from ..kernel.cards import ACE, CODE, RANK, SUIT, SUIT_ORDER, SUITS
from .melds import LOW_ACE, RUN, card_points, is_deuce, value

WILD = "*"  # a deuce, in the search


class Plan(NamedTuple):
    points: int
    moves: tuple  # ("meld", cards, wild) and ("layoff", meld_id, cards, wild), in order


def order_key(card: str) -> tuple[int, int]:
    rank = RANK[card]
    return SUIT_ORDER[SUIT[card]], (LOW_ACE if rank == ACE else rank)


def rank_at(position: int) -> int:
    return ACE if position == LOW_ACE else position


def positions_of(card: str) -> tuple[int, ...]:
    rank = RANK[card]
    return (LOW_ACE, ACE) if rank == ACE else (rank,)


_BITS = {c: sum(1 << q for q in positions_of(c)) for c in CODE.values()}  # a card's positions, as bits


def _state_of(meld) -> tuple:
    shape = meld.shape
    if shape.kind == RUN:
        return ("R", shape.suit, shape.lo, shape.hi)
    return ("S", shape.lo, len(shape.cards))


def best(hand, melds=()) -> Plan:
    """The best points `hand` can meld and lay off now on `melds` (the seat's own
    TableMelds), and a plan of legal moves that scores them."""
    deuces = [c for c in hand if is_deuce(c)]
    tab = tuple(_state_of(m) for m in melds)
    points, moves = _search(_usable(tuple(hand), len(deuces), tab), len(deuces), tab)
    return Plan(points, tuple(_named(move, deuces, melds) for move in moves))


def best_points(hand, melds=()) -> int:
    d = sum(1 for c in hand if is_deuce(c))
    tab = tuple(_state_of(m) for m in melds)
    return _search(_usable(tuple(hand), d, tab), d, tab)[0]


@lru_cache(maxsize=20_000)  # the greedy bot asks again at each of a turn's moves, the expert's rollouts for thousands
def _usable(hand: tuple, d: int, tab: tuple) -> tuple:
    """The naturals that could take part in some meld or lay-off even if the whole
    hand were there to help (a card that cannot is never placed), in search order."""
    naturals = [c for c in hand if not is_deuce(c)]
    if d >= 2:  # any natural makes a set with two deuces
        return tuple(sorted(naturals, key=order_key))
    ranks = Counter(RANK[c] for c in naturals)
    held = dict.fromkeys(SUITS, 0)  # each suit's positions held, as bits (an ace at both ends)
    for c in naturals:
        held[SUIT[c]] |= _BITS[c]
    usable = [c for c in naturals
              if ranks[RANK[c]] + d >= 3 or _in_run(c, held[SUIT[c]], d) or _lays_off(c, held[SUIT[c]], d, tab)]
    return tuple(sorted(usable, key=order_key))


def _in_run(c: str, held: int, d: int) -> bool:
    """Whether some three positions in a row around c's lack at most `d` cards of its suit."""
    for p in positions_of(c):
        for lo in range(max(1, p - 2), min(p, 12) + 1):
            if ((0b111 << lo) & ~held).bit_count() <= d:  # (c's own position is held)
                return True
    return False


def _lays_off(c: str, held: int, d: int, tab: tuple) -> bool:
    """Whether c could join one of the table melds `tab`, the gap to a run's end
    lacking at most `d` cards of its suit."""
    for meld in tab:
        if meld[0] == "S":
            if meld[1] == RANK[c] and meld[2] < 4:
                return True
        elif meld[1] == SUIT[c]:
            for p in positions_of(c):
                if p < meld[2]:
                    gap = (1 << meld[2]) - (1 << (p + 1))  # positions p+1 .. lo-1
                elif p > meld[3]:
                    gap = (1 << p) - (1 << (meld[3] + 1))  # positions hi+1 .. p-1
                else:
                    continue
                if (gap & ~held).bit_count() <= d:
                    return True
    return False


def _named(move, deuces: list, melds) -> tuple:
    """The move with real deuce codes in place of the search's placeholders."""
    kind, *rest = move
    cards, roles = rest[-2], rest[-1]
    named = []
    for card in cards:
        named.append(deuces.pop(0) if card == WILD else card)
    wild = tuple(r for c, r in zip(named, roles) if is_deuce(c))
    if kind == "meld":
        return ("meld", tuple(named), wild)
    return ("layoff", melds[rest[0]].id, tuple(named), wild)


@lru_cache(maxsize=200_000)
def _search(nats: tuple, d: int, tab: tuple) -> tuple[int, tuple]:
    if not nats:
        return _deuces_only(d, tab)
    c, rest = nats[0], nats[1:]
    best_found = (-1, ())
    options = []
    options += _sets(c, rest, d)
    options += _runs(c, rest, d)
    for i, meld in enumerate(tab):
        options += _layoffs(c, rest, d, i, meld, tab)
    options.sort(key=lambda o: -o[0])
    for points, used, deuces_used, move, new_tab in options:
        left = _remove(rest, used)
        if points + _ceiling(left) + 10 * (d - deuces_used) <= best_found[0]:
            continue  # even placing every card left could not do better
        sub = _search(left, d - deuces_used, tab if new_tab is None else new_tab)
        total = points + sub[0]
        if total > best_found[0]:
            best_found = (total, (move,) + sub[1])
    if _ceiling(rest) + 10 * d > best_found[0]:
        stay = _search(rest, d, tab)  # c stays in hand
        if stay[0] >= best_found[0]:
            best_found = stay
    return best_found


def _ceiling(cards: tuple) -> int:
    return sum(_CEILING[c] for c in cards)


_CEILING = {c: card_points(c, 14 if RANK[c] == ACE else RANK[c]) for c in CODE.values()}


def _remove(cards: tuple, used: tuple) -> tuple:
    if not used:
        return cards
    rest = list(cards)
    for card in used:
        rest.remove(card)
    return tuple(rest)


def _set_role(rank: int, k: int) -> str:
    return CODE[(rank, SUITS[k % 4])]


def _sets(c: str, rest: tuple, d: int) -> list:
    rank = RANK[c]
    same = [x for x in rest if RANK[x] == rank]
    found = []
    for others in _sub_multisets(same, 3):
        naturals = (c,) + others
        for j in range(0, min(d, 4 - len(naturals)) + 1):
            if not 3 <= len(naturals) + j <= 4:
                continue
            points = sum(card_points(x, rank) for x in naturals) + j * value(rank)
            cards = naturals + (WILD,) * j
            roles = naturals + tuple(_set_role(rank, k) for k in range(j))
            found.append((points, others, j, ("meld", cards, roles), None))
    return found


def _sub_multisets(cards: list, most: int) -> list[tuple]:
    found = {()}
    for card in cards:
        found |= {tuple(sorted(s + (card,))) for s in found if len(s) < most}
    return sorted(found)


def _fillings(suit: str, positions, counts: Counter, d: int):
    """Every way to fill these positions of `suit`: each with a natural card still
    available (counts) or a deuce. Yields (cards, roles, naturals used, deuces, points)."""
    positions = list(positions)

    def go(i, cards, roles, used, deuces, points):
        if i == len(positions):
            yield tuple(cards), tuple(roles), tuple(used), deuces, points
            return
        q = positions[i]
        code = CODE[(rank_at(q), suit)]
        if counts[code] > used.count(code):
            yield from go(i + 1, cards + [code], roles + [code], used + [code], deuces,
                          points + card_points(code, q))
        if deuces < d:
            yield from go(i + 1, cards + [WILD], roles + [code], used, deuces + 1, points + value(q))

    yield from go(0, [], [], [], 0, 0)


def _runs(c: str, rest: tuple, d: int) -> list:
    suit = SUIT[c]
    suited = [x for x in rest if SUIT[x] == suit]
    if len(suited) + d < 2:
        return []  # no two cards to run with
    counts = Counter(suited)
    available = 0  # the positions the other naturals of the suit hold, as bits
    for x in suited:
        available |= _BITS[x]
    found = []
    for p in positions_of(c):
        lacking = ~available & ~(1 << p)
        for lo in range(p, 0, -1):
            for hi in range(max(p, lo + 2), 15):
                if (((1 << (hi + 1)) - (1 << lo)) & lacking).bit_count() > d:
                    break  # wider windows need even more deuces
                others = [q for q in range(lo, hi + 1) if q != p]
                for cards, roles, used, deuces, points in _fillings(suit, others, counts, d):
                    ordered = sorted(zip([p] + others, (c,) + cards, (c,) + roles))
                    move = ("meld", tuple(x[1] for x in ordered), tuple(x[2] for x in ordered))
                    found.append((points + card_points(c, p), used, deuces, move, None))
    return found


def _layoffs(c: str, rest: tuple, d: int, i: int, meld: tuple, tab: tuple) -> list:
    found = []
    if meld[0] == "S":
        _, rank, size = meld
        if RANK[c] == rank and size < 4:
            tab_meld = ("S", rank, size + 1)
            found.append((card_points(c, rank), (), 0, ("layoff", i, (c,), (c,)), _put(tab, i, tab_meld)))
    else:
        _, suit, lo, hi = meld
        if SUIT[c] != suit:
            return found
        counts = Counter(x for x in rest if SUIT[x] == suit)
        for p in positions_of(c):
            if p < lo:
                gap, new = range(p + 1, lo), ("R", suit, p, hi)
            elif p > hi:
                gap, new = range(hi + 1, p), ("R", suit, lo, p)
            else:
                continue
            for cards, roles, used, deuces, points in _fillings(suit, gap, counts, d):
                move = ("layoff", i, (c,) + cards, (c,) + roles)
                found.append((points + card_points(c, p), used, deuces, move, _put(tab, i, new)))
    return found


def _put(tab: tuple, i: int, meld: tuple) -> tuple:
    return tab[:i] + (meld,) + tab[i + 1:]


@lru_cache(maxsize=50_000)
def _deuces_only(d: int, tab: tuple) -> tuple[int, tuple]:
    """The deuces still held, laid off at best on the table melds."""
    if d == 0 or not tab:
        return 0, ()
    # gains[i][k]: (points, move) of k deuces on meld i
    best_here = {0: (0, ())}  # deuces used -> (points, moves)
    for i, meld in enumerate(tab):
        options = _deuce_options(i, meld, d)
        nxt = {}
        for used, (points, moves) in best_here.items():
            for k, (gain, move) in enumerate(options):
                if used + k > d:
                    break
                total = points + gain
                if used + k not in nxt or total > nxt[used + k][0]:
                    nxt[used + k] = (total, moves + ((move,) if move else ()))
        best_here = nxt
    return max(best_here.values(), key=lambda x: x[0])


def _deuce_options(i: int, meld: tuple, d: int) -> list:
    """For k = 0, 1, ...: the best (points, lay-off move) of k deuces on this meld."""
    options = [(0, None)]
    if meld[0] == "S":
        _, rank, size = meld
        for k in range(1, min(d, 4 - size) + 1):
            roles = tuple(_set_role(rank, j) for j in range(k))
            options.append((k * value(rank), ("layoff", i, (WILD,) * k, roles)))
        return options
    _, suit, lo, hi = meld
    for k in range(1, d + 1):
        choice = None
        for down in range(0, k + 1):
            up = k - down
            if down > lo - 1 or up > 14 - hi:
                continue
            positions = list(range(lo - down, lo)) + list(range(hi + 1, hi + up + 1))
            points = sum(value(q) for q in positions)
            if choice is None or points > choice[0]:
                roles = tuple(CODE[(rank_at(q), suit)] for q in positions)
                choice = (points, ("layoff", i, (WILD,) * k, roles))
        if choice is None:
            break
        options.append(choice)
    return options

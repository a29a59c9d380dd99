"""Fortune's legal actions: what a seat may do now, for bots and the API's hints.

Deuces make the choice of melds huge, so the listing is canonical (decide still
accepts every legal declaration):
  * draw, always, while the seat must draw (an empty stock is renewed from the
    pile, or the hand ends when it cannot be);
  * take_pile: every canonical meld (below) of the hand plus the pile's top
    card that holds that top card;
  * meld: every set of 3 or 4 naturals of a rank (each distinct multiset) and
    every run of naturals; melds with deuces where the deuces are no more than
    the naturals: a set's missing cards, or a run's gaps and ends (naturals used
    wherever the hand has them); and the first move of the solver's optimal plan;
  * layoff on the seat's own melds: naturals of a set's rank (each multiset
    that fits); a run's ends extended by naturals and at most as many deuces
    (at least one deuce alone); the solver's plan's first move if a lay-off;
  * discard: each distinct card, the queen of spades only when the rules allow.
Stand-ins are canonical: a run's deuce plays the missing card of its suit; a
set's deuces play the set's rank in suits S, H, D, C order. The listing is
computed from a SeatView only.
"""

from collections import Counter
from functools import lru_cache
from itertools import combinations

from ..kernel.bodies import listing
from ..kernel.cards import ACE, CODE, RANK, SUIT, SUITS, sorted_cards
from .commands import ACTIONS
from .melds import LOW_ACE, QS, RUN, is_deuce, may_discard_queen
from .solver import best, positions_of, rank_at
from .state import DRAW, PLAY
from .views import SeatView, see

MELD, LAYOFF, DISCARD, TAKE = "meld", "layoff", "discard", "take_pile"
SOLVER_LIMIT = 20  # the exact solver's plan is listed for hands of at most this many cards


def options(view: SeatView) -> list[tuple]:
    """Light tuples: ("draw",), ("take_pile", cards, wild), ("meld", cards, wild),
    ("layoff", meld_id, cards, wild), ("discard", card)."""
    if not view.my_turn:
        return []
    if view.phase == DRAW:
        return [(DRAW,)] + pile_takes(view.hand, view.pile)
    if view.phase != PLAY:
        return []
    hand = view.hand
    found = [(MELD, cards, wild) for cards, wild in melds(hand)]
    own = view.own_melds()
    found += [(LAYOFF, meld_id, cards, wild) for meld_id, cards, wild in layoffs(hand, own)]
    if len(hand) <= SOLVER_LIMIT:
        plan = best(hand, own)
        if plan.moves:
            move = plan.moves[0]
            option = (MELD, move[1], move[2]) if move[0] == "meld" else (LAYOFF, move[1], move[2], move[3])
            if option not in found:
                found.append(option)
    return found + discards(hand)


def discards(hand) -> list[tuple]:
    """The hand's discards: any card once, the queen of spades only when the rules let it go."""
    return [(DISCARD, card) for card in dict.fromkeys(hand) if card != QS or may_discard_queen(hand)]


def pile_takes(hand, pile) -> list[tuple]:
    """Every canonical take of the pile: a meld of its top card with hand cards."""
    if not pile:
        return []
    top = pile[-1]
    if not is_deuce(top):
        # a meld holding a natural top card is a set of its rank or a run of its suit, with deuces: the
        # hand's cards of that rank or suit and its deuces list the same takes in the same order, much
        # sooner (greedy asks at every draw of the expert's rollouts; tests/test_fortune_listing.py)
        hand = tuple(c for c in hand if is_deuce(c) or RANK[c] == RANK[top] or SUIT[c] == SUIT[top])
    return takes(hand, top)


def takes(hand, top: str) -> list[tuple]:
    """The takes of `top` with `hand`, from the listing of every meld of the two."""
    found = []
    for cards, wild in melds(tuple(hand) + (top,), first_deuce=top if is_deuce(top) else None):
        rest = list(cards)
        if top not in rest:
            continue
        rest.remove(top)
        # the deuces of the rest keep their stand-ins; the top's, if a deuce, goes last
        roles = _roles(cards, wild)
        index = cards.index(top)
        rest_roles = roles[:index] + roles[index + 1:]
        new_wild = tuple(r for c, r in zip(rest, rest_roles) if is_deuce(c))
        if is_deuce(top):
            new_wild += (roles[index],)
        option = (TAKE, tuple(rest), new_wild)
        if option not in found:
            found.append(option)
    return found


def _roles(cards, wild) -> list:
    stand_ins = list(wild)
    return [stand_ins.pop(0) if is_deuce(c) else c for c in cards]


def melds(hand, first_deuce: str | None = None) -> list[tuple[tuple, tuple]]:
    """Canonical (cards, wild) melds of the hand (see the module's docstring)."""
    return list(_melds(tuple(hand), first_deuce))


@lru_cache(maxsize=4096)  # asked again for the same hand by the listing and the bots (the expert's rollouts)
def _melds(hand: tuple, first_deuce: str | None) -> tuple[tuple[tuple, tuple], ...]:
    deuces = sorted(c for c in hand if is_deuce(c))
    if first_deuce is not None:
        deuces.remove(first_deuce)
        deuces.insert(0, first_deuce)
    naturals = [c for c in hand if not is_deuce(c)]
    found = []
    by_rank: dict[int, list[str]] = {}
    for c in naturals:
        by_rank.setdefault(RANK[c], []).append(c)
    for rank in sorted(by_rank):
        for sub in _sub_multisets(by_rank[rank], 4):
            for j in range(0, min(len(deuces), len(sub)) + 1):
                if 3 <= len(sub) + j <= 4:
                    wild = tuple(CODE[(rank, SUITS[k % 4])] for k in range(j))
                    found.append((sub + tuple(deuces[:j]), wild))
    counts = Counter(naturals)
    positions = {suit: set() for suit in SUITS}  # each suit's positions held (an ace at both ends)
    for card in counts:
        positions[SUIT[card]].update(positions_of(card))
    for suit in SUITS:
        held = positions[suit]
        if not held:
            continue
        below = [0] * 16  # below[q]: positions under q held (to count a window's naturals before listing them)
        for q in range(1, 15):
            below[q + 1] = below[q] + (q in held)
        for lo in range(1, 13):
            for hi in range(lo + 2, 15):
                one_ace = lo == LOW_ACE and hi == ACE and counts[CODE[(ACE, suit)]] < 2
                natural = below[hi + 1] - below[lo] - (one_ace and ACE in held)
                gaps = hi - lo + 1 - natural
                if gaps > len(deuces):
                    break  # a wider window from lo has as many gaps or more
                if not natural or gaps > natural:
                    continue
                window = range(lo, hi + 1)
                nat = [q for q in window if q in held]
                if one_ace:
                    nat = [q for q in nat if q != ACE]  # one ace cannot be both ends
                if gaps and (lo not in nat and hi not in nat) and len(nat) < 2:
                    continue
                cards, wild, used = [], [], 0
                for q in window:
                    code = CODE[(rank_at(q), suit)]
                    if q in nat:
                        cards.append(code)
                    else:
                        cards.append(deuces[used])
                        wild.append(code)
                        used += 1
                found.append((tuple(cards), tuple(wild)))
    return tuple(found)


def _sub_multisets(cards, most: int) -> list[tuple[str, ...]]:
    cards = sorted_cards(cards)
    found = set()
    for k in range(1, min(most, len(cards)) + 1):
        found.update(combinations(cards, k))
    return sorted(found)


def layoffs(hand, own) -> list[tuple[str, tuple, tuple]]:
    """Canonical (meld id, cards, wild) lay-offs on the seat's own melds."""
    deuces = sorted(c for c in hand if is_deuce(c))
    naturals = [c for c in hand if not is_deuce(c)]
    counts = Counter(naturals)
    found = []
    for meld in own:
        shape = meld.shape
        room = 4 - len(shape.cards)
        if shape.kind != RUN:
            if room <= 0:
                continue
            same = [c for c in naturals if RANK[c] == shape.lo]
            found += [(meld.id, sub, ()) for sub in _sub_multisets(same, room)]
            if deuces:
                found.append((meld.id, (deuces[0],), (CODE[(shape.lo, "S")],)))
            continue
        suit, lo, hi = shape.suit, shape.lo, shape.hi
        for down in range(0, lo):
            for up in range(0, 15 - hi):
                if down + up == 0:
                    continue
                positions = list(range(lo - down, lo)) + list(range(hi + 1, hi + up + 1))
                cards, wild, used, nat = [], [], 0, 0
                for q in positions:
                    code = CODE[(rank_at(q), suit)]
                    if counts[code] and not (q == LOW_ACE and ACE in positions and counts[code] < 2):
                        cards.append(code)
                        nat += 1
                    elif used < len(deuces):
                        cards.append(deuces[used])
                        wild.append(code)
                        used += 1
                    else:
                        used = -1
                        break
                if used < 0 or used > max(1, nat):
                    continue
                found.append((meld.id, tuple(cards), tuple(wild)))
    return found


__all__ = ["legal_actions", "options", "to_command", "melds", "layoffs", "pile_takes", "discards",
           "positions_of"]


to_command, legal_actions = listing(ACTIONS, see, options)

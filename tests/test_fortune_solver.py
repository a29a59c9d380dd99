"""The exact meld-points solver (domain/fortune/solver.py) against an exhaustive
brute force on thousands of small positions. The brute force shares no code with
the solver or with domain/fortune/melds.py: it parses card codes itself, tries
every way to split the hand into cards kept, new melds and lay-offs on the
seat's table melds, and every stand-in (all 52 cards) for every deuce."""

import random
from functools import lru_cache
from itertools import product

from domain.fortune.melds import analyse, extend
from domain.fortune.solver import best, best_points
from domain.fortune.state import TableMeld

NAMES = {"A": 14, "J": 11, "Q": 12, "K": 13}
EVERY_CARD = [r + s for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] for s in "SHDC"]


def rank(code):
    head = code[:-1]
    return NAMES.get(head) or int(head)


def suit(code):
    return code[-1]


def wild(code):
    return code[:-1] == "2"


def worth(code, pos, physical):
    if physical == "QS":
        return 50
    return 10 if pos >= 8 else 5


def placements(roles, fixed_positions=()):
    """Every list of positions for these run roles (aces low or high) that, with
    the fixed ones, are distinct and consecutive."""
    out = []
    for choice in product(*[(1, 14) if rank(r) == 14 else (rank(r),) for r in roles]):
        every = list(choice) + list(fixed_positions)
        if len(set(every)) == len(every) and max(every) - min(every) + 1 == len(every):
            out.append(choice)
    return out


@lru_cache(maxsize=None)
def group_score(cards: tuple, table=None):
    """Best points of `cards` as a new meld (table None) or laid off on `table`
    ((kind, key, positions, size)), over every stand-in of every deuce; None if no
    stand-ins make it legal."""
    best_found = None
    deuce_slots = [i for i, c in enumerate(cards) if wild(c)]
    for stand_ins in product(EVERY_CARD, repeat=len(deuce_slots)):
        roles = list(cards)
        for i, s in zip(deuce_slots, stand_ins):
            roles[i] = s
        for points in _scores(cards, roles, table):
            if best_found is None or points > best_found:
                best_found = points
    return best_found


def _scores(cards, roles, table):
    if table is None:
        if len(cards) < 3 or all(wild(c) for c in cards):
            return
        if len({rank(r) for r in roles}) == 1 and len(cards) <= 4:
            yield sum(worth(r, rank(r), c) for c, r in zip(cards, roles))
        if len({suit(r) for r in roles}) == 1:
            for pos in placements(roles):
                yield sum(worth(r, p, c) for c, r, p in zip(cards, roles, pos))
        return
    kind, key, positions, size = table
    if kind == "set":
        if size + len(cards) <= 4 and all(rank(r) == key for r in roles):
            yield sum(worth(r, key, c) for c, r in zip(cards, roles))
        return
    if all(suit(r) == key for r in roles):
        for pos in placements(roles, positions):
            yield sum(worth(r, p, c) for c, r, p in zip(cards, roles, pos))


def brute_force(hand, tables):
    """The best total over every assignment of each card to: kept (0), a table meld
    (1..T) or a new meld (T+1...)."""
    hand = list(hand)
    t = len(tables)

    def score(group, target):
        return group_score(group, None if target is None else tables[target])

    best_total = 0
    for labels in _labelings(len(hand), t):
        groups = {}
        for card, label in zip(hand, labels):
            if label:
                groups.setdefault(label, []).append(card)
        total = 0
        for label, cards in groups.items():
            s = score(tuple(sorted(cards)), label - 1 if label <= t else None)
            if s is None:
                break
            total += s
        else:
            best_total = max(best_total, total)
    return best_total


def _labelings(n, t):
    """Labels per card: 0 kept, 1..t table melds, t+1.. new melds in first-use order."""
    def go(i, labels, groups):
        if i == n:
            yield tuple(labels)
            return
        for label in range(0, t + groups + 2):
            new_groups = groups + (1 if label == t + groups + 1 else 0)
            yield from go(i + 1, labels + [label], new_groups)

    yield from go(0, [], 0)


def _table_info(cards, stand_ins):
    """A table meld as the brute force sees it, worked out from its cards."""
    roles, pool = [], list(stand_ins)
    for c in cards:
        roles.append(pool.pop(0) if wild(c) else c)
    if len({rank(r) for r in roles}) == 1:
        return ("set", rank(roles[0]), (), len(cards))
    return ("run", suit(roles[0]), placements(roles)[0], len(cards))


POOL = [r + s for r in ["A", "2", "3", "4", "5", "J", "Q", "K"] for s in "SH"] * 2
TABLES = [(("3S", "4S", "5S"), ()), (("QH", "KH", "AH"), ()), (("JS", "QS", "KS"), ()), (("4H", "4S", "4H"), ()),
          (("AS", "AH", "AS"), ()), (("5H", "2C", "3H"), ("4H",)), (("2D", "QS", "KS"), ("JS",)),
          (("AS", "2S", "3S"), ("2S",)), (("KH", "KS", "2H", "KH"), ("KD",))]


def positions(count, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        size = rng.randint(1, 6)
        hand = rng.sample(POOL, size)
        if sum(1 for c in hand if wild(c)) > 2:
            continue
        tables = rng.sample(TABLES, rng.choice([0, 0, 1, 1, 2]))
        found.append((tuple(hand), tables))
    return found


def _melds(tables):
    out = []
    for i, (cards, stand_ins) in enumerate(tables):
        shape = analyse(cards, stand_ins)
        assert shape is not None
        out.append(TableMeld(f"m{i + 1}", 0, shape))
    return tuple(out)


def test_the_solver_finds_the_brute_force_optimum_on_thousands_of_positions():
    for hand, tables in positions(2000, 20260101):
        melds = _melds(tables)
        infos = tuple(_table_info(cards, stand_ins) for cards, stand_ins in tables)
        expected = brute_force(hand, infos)
        assert best_points(hand, melds) == expected, (hand, tables)


def test_the_solvers_plan_is_legal_and_scores_what_it_promises():
    for hand, tables in positions(1500, 7):
        melds = {m.id: m.shape for m in _melds(tables)}
        plan = best(hand, tuple(TableMeld(i, 0, s) for i, s in melds.items()))
        left = list(hand)
        total = 0
        for move in plan.moves:
            if move[0] == "meld":
                shape = analyse(move[1], move[2])
                assert shape is not None, move
                total += shape.points
                cards = move[1]
            else:
                result = extend(melds[move[1]], move[2], move[3])
                assert result is not None, move
                melds[move[1]] = result.shape
                total += result.points
                cards = move[2]
            for card in cards:
                left.remove(card)
        assert total == plan.points


def test_a_few_positions_by_hand():
    assert best_points(("QS", "QH", "2D")) == 70  # the queen of spades 50, the queen 10, the deuce as a queen 10
    assert best_points(("2C", "2D", "2H")) == 0  # deuces alone never meld
    assert best_points(("KH", "AH", "2C")) == 30  # Q-K-A with the deuce as the queen
    assert best_points(("5S", "6S", "2C", "2D")) == 25  # the deuces as 7S and 8S
    run = TableMeld("m1", 0, analyse(("8S", "9S", "10S"), ()))
    assert best_points(("2C",), (run,)) == 10  # a lone deuce laid off as the jack
    assert best_points(("AS", "2C"), (run,)) == 10  # the ace is too far away: only the deuce, as the jack

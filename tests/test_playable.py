"""`playable` is an exact optimum: it agrees with an exhaustive search.

The brute force here shares no code with the solver: it tries every way to split
the hand into unused cards and blocks, and every block as a new meld or as a
lay-off on a distinct table meld, with its own small meld checker.
"""

from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.iceberg.playable import playable, rank_values
from domain.iceberg.state import TableMeld
from domain.kernel.cards import full_pack

RANKS = {**{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14}


def rank(card):
    return RANKS[card[:-1]]


def suit(card):
    return card[-1]


def worth(k):
    v = {2: 10, 3: 30}
    for n in range(4, 25):
        v[n] = v[n - 1] + 10 * n
    return v.get(k, 0)


def plain_value(cards):
    """Points of these cards as one new meld, or None (independent checker)."""
    cards = list(cards)
    ranks = sorted(rank(c) for c in cards)
    if 14 in ranks or len(cards) < 2:
        return None
    if len(set(ranks)) == 1:
        return worth(len(cards))
    suits = {suit(c) for c in cards}
    if len(cards) >= 3 and len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards))):
        return worth(len(cards))
    if len(cards) == 6 and set(ranks) in ({3, 5, 7, 9, 11, 13}, {2, 4, 6, 8, 10, 12}):
        high = 13 in ranks
        if len(suits) == 1:
            return 700 if high else 500
        if suits <= {"S", "C"} or suits <= {"H", "D"}:
            return 300 if high else 200
    return None


def kind_of(cards):
    ranks = {rank(c) for c in cards}
    return ("pair" if len(cards) == 2 else "set") if len(ranks) == 1 else "run"


def layoff_value(meld, block):
    if meld.kind == "special":
        return None
    after = list(meld.cards) + list(block)
    if plain_value(after) is None or kind_of(after) != ("run" if meld.kind == "run" else kind_of(after)):
        return None
    if meld.kind in ("pair", "set") and kind_of(after) == "run":
        return None
    return worth(len(after)) - worth(len(meld.cards))


def brute_force(hand, table):
    hand = [c for c in hand if rank(c) != 14]
    best = 0

    def search(rest, free_melds, total):
        nonlocal best
        if not rest:
            best = max(best, total)
            return
        first, others = rest[0], rest[1:]
        search(others, free_melds, total)  # the first card stays unused
        for k in range(len(others) + 1):
            for picked in combinations(range(len(others)), k):
                block = [first] + [others[i] for i in picked]
                remaining = [c for i, c in enumerate(others) if i not in picked]
                value = plain_value(block)
                if value is not None:
                    search(remaining, free_melds, total + value)
                for meld in free_melds:
                    gain = layoff_value(meld, block)
                    if gain is not None:
                        search(remaining, free_melds - {meld}, total + gain)

    search(hand, frozenset(table), 0)
    return best


def M(i, kind, *cards):
    return TableMeld(f"m{i}", 0, kind, tuple(cards))


# --- worked cases -------------------------------------------------------------------

def test_worked_example_seat_b_counts_all_three_lay_offs():
    table = (M(1, "run", "6S", "7S", "8S", "9S"), M(2, "set", "JD", "JC", "JH"),
             M(3, "pair", "3H", "3C"), M(4, "pair", "QD", "QS"))
    assert playable(["KS", "JS", "3S", "QH", "6C"], table) == 80
    assert playable(["10D", "9D", "4D", "KC", "QC"], table) == 20


def test_a_card_goes_where_it_earns_most_not_where_it_fits_first():
    # 7H can make a set of sevens (30) or finish a heart run 5H 6H 7H (30) but not
    # both; with 8H as well the run 5..8 (70) beats the set (30 + nothing).
    assert playable(["7H", "7S", "7D", "5H", "6H", "8H"], ()) == 70 + 10


def test_lay_offs_at_both_ends_of_a_table_run_are_valued_together():
    table = (M(1, "run", "5S", "6S", "7S"),)
    assert playable(["4S", "8S"], table) == 120 - 30  # 5 cards, not 40 + 40


def test_hand_cards_joining_a_table_run_from_below():
    table = (M(1, "run", "6S", "7S", "8S"),)
    assert playable(["4S", "5S"], table) == 120 - 30


def test_special_melds_and_no_lay_off_on_them():
    assert playable(["KH", "JH", "9H", "7H", "5H", "3H"], ()) == 700
    assert playable(["QS", "10C", "8S", "6S", "4C", "2S"], ()) == 200
    special = (M(1, "special", "KH", "JH", "9H", "7H", "5H", "3H"),)
    assert playable(["KD"], special) == 0


def test_aces_in_hand_are_not_playable():
    assert playable(["AS", "AH"], ()) == 0


def test_two_deck_duplicates_make_two_parallel_runs():
    assert playable(["5S", "6S", "7S", "5S", "6S", "7S"], ()) == 60


def test_rank_values_spread_cards_over_set_targets():
    # two cards of a rank: a new pair (10) or both on a table pair (70 - 10 = 60)
    assert rank_values(2, [2]) == [0, 20, 60]
    assert rank_values(3, []) == [0, 0, 10, 30]


# --- against the brute force ----------------------------------------------------------

@st.composite
def end_positions(draw):
    """A table of valid melds and a small hand from the cards that are left,
    biased towards a suit and a rank so that the cards relate to each other."""
    decks = draw(st.sampled_from([1, 2]))
    left = Counter(c for c in full_pack(decks) if rank(c) != 14)
    table = []
    for i in range(draw(st.integers(0, 4))):
        meld = _table_meld(draw, left)
        if meld:
            left.subtract(meld[1:])
            table.append(M(i + 1, *meld))
    s, r = draw(st.sampled_from("SHDC")), draw(st.integers(2, 13))
    hand = []
    for _ in range(draw(st.integers(0, 8))):
        options = sorted(c for c in left if left[c] > 0)
        near = [c for c in options if suit(c) == s or abs(rank(c) - r) <= 1]
        card = draw(st.sampled_from(near or options))
        hand.append(card)
        left[card] -= 1
    return hand, tuple(table)


def _table_meld(draw, left):
    shape = draw(st.sampled_from(["set", "set", "run", "run", "special"]))
    if shape == "set":
        r = draw(st.integers(2, 13))
        have = sorted(c for c in left.elements() if rank(c) == r)
        size = draw(st.integers(2, 4))
        return ("pair" if size == 2 else "set", *have[:size]) if len(have) >= size else None
    s = draw(st.sampled_from("SHDC"))
    if shape == "run":
        lo = draw(st.integers(2, 11))
        hi = draw(st.integers(lo + 2, min(13, lo + 5)))
        cards = [f"{_name(r)}{s}" for r in range(lo, hi + 1)]
        return ("run", *cards) if all(left[c] > 0 for c in cards) else None
    cards = [f"{_name(r)}{s}" for r in (13, 11, 9, 7, 5, 3)]
    return ("special", *cards) if all(left[c] > 0 for c in cards) else None


def _name(r):
    return {11: "J", 12: "Q", 13: "K"}.get(r, str(r))


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(end_positions())
def test_playable_equals_exhaustive_search(position):
    hand, table = position
    assert playable(hand, table) == brute_force(hand, table)

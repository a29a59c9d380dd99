"""Judging a submitted table, in time linear in its cards (at most 104), and
whether a seat can play at all (solver.py decides that exactly).

A play is legal when
  1. the new table's cards are the old table's and a nonempty S of the seat's
     hand (no table card leaves the table);
  2. every group is a meld (melds.py);
  3. under `own_opening`, for a seat that has not opened: the old melds are all
     still there, unchanged, and the new groups are S alone.
"""

from collections import Counter

from ..kernel import errors as err
from ..kernel.cards import is_card
from .errors import InvalidTable, NothingPlayed, OpeningTouchesTable, TableCardRemoved
from .melds import canonical_meld, canonical_table, cards_on, kind_of
from .moves import hand_melds, layoffs
from .solver import best_play

MAX_GROUPS = 40  # 104 cards make at most 34 melds


def judged(old_table, hand, groups, opening: bool) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(the hand cards played, the new canonical table), or a RuleViolation."""
    if not isinstance(groups, tuple) or not groups or len(groups) > MAX_GROUPS or any(
            not isinstance(g, tuple) for g in groups):
        raise InvalidTable("the table is a nonempty list of groups, each a list of cards")
    for group in groups:
        for card in group:
            if not is_card(card):
                raise err.InvalidCard(f"{card!r} is not a card")
    new, old = cards_on(groups), cards_on(old_table)
    missing = old - new
    if missing:
        raise TableCardRemoved(f"the table's {' '.join(sorted(missing.elements()))} must stay on the table")
    added = new - old
    if not added:
        raise NothingPlayed("a play moves at least one card from your hand to the table")
    if added - Counter(hand):
        raise err.CardNotInHand(f"you do not hold {' '.join(sorted((added - Counter(hand)).elements()))}")
    for group in groups:
        if kind_of(group) is None:
            raise err.InvalidMeld(f"{' '.join(group)} is not a set of 3-4 distinct suits or a run of 3+ "
                                  f"(ace high only)")
    table = canonical_table(groups)
    # the cards counted, every old meld still there means the other melds are exactly the cards played
    if opening and Counter(canonical_meld(m) for m in old_table) - Counter(table):
        raise OpeningTouchesTable("your first play adds melds of your own cards only, the table untouched")
    played = []
    rest = Counter(added)
    for card in hand:
        if rest[card]:
            rest[card] -= 1
            played.append(card)
    return tuple(played), table


def can_play(old_table, hand, opening: bool) -> bool:
    """Whether the seat has a legal play: some nonempty S of its hand with which
    the table (or, for an opening, the hand alone) splits into melds."""
    table = () if opening else old_table
    if next(hand_melds(hand), None) is not None or next(layoffs(table, hand), None) is not None:
        return True  # the common case, seen at once
    return best_play(table, hand) is not None


def best(old_table, hand, opening: bool):
    """(cards played, new table) of the play placing the most hand cards (then the
    most penalty points), or None."""
    if not opening:
        return best_play(old_table, hand)
    found = best_play((), hand)
    if found is None:
        return None
    cards, melds = found
    return cards, canonical_table(tuple(old_table) + melds)

"""Conquian's melds: a set is 3 or 4 cards of one rank; a run is 3 to 8 cards
of one suit in a row of the order A-2-3-4-5-6-7-J-Q-K (cards.py). A player
melds only in front of themselves, and lays off only on their own melds."""

from .cards import RANK, STEP, SUIT

SET, RUN = "set", "run"
LONGEST_RUN = 8  # 11 melded cards need two melds at least: a run never holds more than 8


def kind_of(cards) -> str | None:
    """"set" or "run" if these distinct cards of the pack are a valid meld, else None."""
    n = len(cards)
    if n < 3 or len(set(cards)) != n:
        return None
    if n <= 4 and len({RANK[c] for c in cards}) == 1:
        return SET
    if n <= LONGEST_RUN and len({SUIT[c] for c in cards}) == 1:
        steps = sorted(STEP[c] for c in cards)
        if steps[-1] - steps[0] == n - 1:
            return RUN
    return None


def lays_off(melds, card: str) -> bool:
    """Whether `card` lays off on one of these melds as it stands: a set
    growing to 4, a run growing at either end to at most 8 (the forcing test)."""
    return any(kind_of(tuple(meld) + (card,)) is not None for meld in melds)


def melded(melds) -> int:
    return sum(len(meld) for meld in melds)

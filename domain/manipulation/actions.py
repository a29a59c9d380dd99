"""Manipulation's legal actions: what a seat may do now, for bots and the API's hints.

A play may be any repartition of the table, so the listing is canonical
(decide accepts any valid partition):
  * the solver's best play (the most hand cards, then the most penalty points);
  * every new meld from the hand alone, the table untouched;
  * every single-card lay-off onto one meld, nothing else changed (not while
    the seat's next play must be an opening of its own melds);
  * `draw`, only when the seat cannot play (its sole legal move).
The listing is never empty on the seat's turn, and is computed from a SeatView only.
"""

from ..kernel.bodies import listing
from .commands import ACTIONS
from .melds import canonical_table
from .moves import hand_melds, layoffs
from .play import best
from .state import PLAY
from .views import SeatView, see

DRAW, PLAY_ACTION = "draw", "play"


def best_option(view: SeatView) -> tuple | None:
    """The solver's best play as ("play", new table), the listing's first; None if the seat cannot play."""
    top = best(view.table, view.hand, view.opening)
    return (PLAY_ACTION, top[1]) if top is not None else None


def plays(view: SeatView) -> list[tuple]:
    """The listed plays, as ("play", new table), best first."""
    top = best_option(view)
    found = [top] if top is not None else []
    for meld in hand_melds(view.hand):
        found.append((PLAY_ACTION, canonical_table(view.table + (meld,))))
    if not view.opening:
        for index, _, meld in layoffs(view.table, view.hand):
            found.append((PLAY_ACTION, canonical_table(view.table[:index] + (meld,) + view.table[index + 1:])))
    return list(dict.fromkeys(found))


def options(view: SeatView) -> list[tuple]:
    """Light tuples: ("play", table) and ("draw",)."""
    if view is None or not view.my_turn or view.phase != PLAY:
        return []
    return plays(view) or [(DRAW,)]


to_command, legal_actions = listing(ACTIONS, see, options)

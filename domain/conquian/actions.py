"""Conquian's legal actions: what a seat may do now, for bots and the API's hints.

  * the first upcard: every take, and pass;
  * a card exposed at the start of the turn, or one the seat turned: every take, and decline;
  * forced: every take;
  * the answer to a decline: force and allow;
  * after a take: a discard of each card in hand.
A take is listed once per usable set of hand cards, with the canonical split
of the exact search (search.py); decide accepts any valid split. The listing
is computed from a SeatView only.
"""

from ..kernel.bodies import listing
from .commands import ACTIONS
from .search import takes
from .state import ANSWER, DISCARD, FACE, FORCED, TURNED, UPCARD
from .views import SeatView, see

TAKE, PASS, DECLINE, FORCE, ALLOW, DISCARD_ACTION = "take", "pass", "decline", "force", "allow", "discard"


def take_options(view: SeatView) -> list[tuple]:
    """("take", melds) for each usable set of hand cards, the canonical split of each."""
    return [(TAKE, melds) for _, melds in takes(view.own_melds, view.exposed, view.hand)]


def options(view: SeatView | None) -> list[tuple]:
    """Light tuples: ("take", melds), ("pass",), ("decline",), ("force",), ("allow",), ("discard", card)."""
    if view is None or not view.my_turn:
        return []
    phase = view.phase
    if phase in (UPCARD, FACE, TURNED):
        return take_options(view) + [(PASS,) if phase == UPCARD else (DECLINE,)]
    if phase == FORCED:
        return take_options(view)
    if phase == ANSWER:
        return [(FORCE,), (ALLOW,)]
    if phase == DISCARD:
        return [(DISCARD_ACTION, card) for card in view.hand]
    return []


to_command, legal_actions = listing(ACTIONS, see, options)

"""Conquian's commands: what a player asks the game to do, in the imperative.

Each declares its action body (`action`, `params`: kernel/bodies.py):

    {"type": "pass"}                                the first upcard, left (it cannot be declined)
    {"type": "take", "melds": [["5H", "6H", "7H"], ["JH", "JS", "JC"]]}
                                                    take the exposed card: the seat's whole new melds
                                                    (its old melds' cards, the card and cards from hand)
    {"type": "decline"}                             turn the exposed card down, or leave a turned one
    {"type": "force"} / {"type": "allow"}           the answer to a decline of a card that lays off
    {"type": "discard", "card": "KS"}               after a take that did not go out

Passing and discarding are the kernel's commands; melds arrive as lists and are
held as tuples of tuples (any other shape is left as given and refused by the rules).
"""

from dataclasses import dataclass
from typing import ClassVar

from ..kernel.bodies import Param
from ..kernel.commands import Discard, Pass


def card_lists(value):
    """A list of card lists as a tuple of tuples; any other shape is returned as is."""
    if isinstance(value, (list, tuple)) and all(isinstance(m, (list, tuple)) for m in value):
        return tuple(tuple(m) for m in value)
    return value


@dataclass(frozen=True, slots=True)
class Take:
    seat: int
    melds: tuple[tuple[str, ...], ...]
    action: ClassVar[str] = "take"
    params: ClassVar[tuple] = (Param("melds", "melds", "melds"),)

    def __post_init__(self):
        object.__setattr__(self, "melds", card_lists(self.melds))


@dataclass(frozen=True, slots=True)
class Decline:
    seat: int
    action: ClassVar[str] = "decline"
    params: ClassVar[tuple] = ()


@dataclass(frozen=True, slots=True)
class Force:
    seat: int
    action: ClassVar[str] = "force"
    params: ClassVar[tuple] = ()


@dataclass(frozen=True, slots=True)
class Allow:
    seat: int
    action: ClassVar[str] = "allow"
    params: ClassVar[tuple] = ()


#: action type -> command class: the bodies POST /actions accepts in a Conquian game
ACTIONS = {cls.action: cls for cls in (Pass, Take, Decline, Force, Allow, Discard)}

__all__ = ["Pass", "Take", "Decline", "Force", "Allow", "Discard", "ACTIONS", "card_lists"]

"""Manipulation Rummy's commands, each declaring its action body (kernel/bodies.py).

A play submits the whole new table: `{"type": "play", "table": [["4C", "5C",
"6C", "7C", "8C"], ["7S", "7H", "7D"]]}`, every group a meld, the old table's
cards all in it and at least one card from the hand. `draw` (no `from`) is
the kernel's: only when the seat cannot play.
"""

from dataclasses import dataclass
from typing import ClassVar

from ..kernel.bodies import Param
from ..kernel.commands import Draw
from ..kernel.deals import StartHand
from ..kernel.players import CreateGame, Player

__all__ = ["CreateGame", "Player", "StartHand", "Draw", "Play", "ACTIONS"]


def groups_of(value):
    """A list of card lists as a tuple of tuples; any other shape is returned as is (decide refuses it)."""
    if isinstance(value, (list, tuple)) and all(isinstance(g, (list, tuple)) for g in value):
        return tuple(tuple(g) for g in value)
    return value


@dataclass(frozen=True, slots=True)
class Play:
    """Lay the whole new table: the old table's cards regrouped with at least one card from the hand."""
    seat: int
    table: tuple[tuple[str, ...], ...]
    action: ClassVar[str] = "play"
    params: ClassVar[tuple] = (Param("table", "table", "table"),)

    def __post_init__(self):
        object.__setattr__(self, "table", groups_of(self.table))


#: action type -> command class: the bodies POST /actions accepts in a Manipulation game
ACTIONS = {cls.action: cls for cls in (Draw, Play)}

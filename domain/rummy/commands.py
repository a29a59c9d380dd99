"""Rummy's commands, each declaring its action body (kernel/bodies.py):

    {"type": "draw", "from": "stock" | "discard"}   the top card of the stock (renewed first if empty) or pile
    {"type": "meld", "cards": ["7S", "8S", "9S"]}     a new set or run from the hand
    {"type": "layoff", "meld": "m2", "cards": ["10S"]} cards added to any meld on the table
    {"type": "discard", "card": "KD"}                 end the turn, face up

Creating a game and dealing a hand are the kernel's `CreateGame` and
`StartHand`; drawing and discarding are the kernel's commands.
"""

from dataclasses import dataclass
from typing import ClassVar

from ..kernel.bodies import Param
from ..kernel.commands import DISCARD_PILE, STOCK, Discard, DrawFrom
from ..kernel.deals import StartHand
from ..kernel.players import CreateGame, Player

__all__ = ["CreateGame", "Player", "StartHand", "Draw", "Meld", "LayOff", "Discard", "ACTIONS", "STOCK",
           "DISCARD_PILE"]


class Draw(DrawFrom):
    """The draw, from the stock or the discard pile."""
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Meld:
    seat: int
    cards: tuple[str, ...]
    action: ClassVar[str] = "meld"
    params: ClassVar[tuple] = (Param("cards", "cards", "cards"),)


@dataclass(frozen=True, slots=True)
class LayOff:
    seat: int
    meld_id: str
    cards: tuple[str, ...]
    action: ClassVar[str] = "layoff"
    params: ClassVar[tuple] = (Param("meld", "meld_id", "meld"), Param("cards", "cards", "cards"))


#: action type -> command class: the bodies POST /actions accepts in a Rummy game
ACTIONS = {cls.action: cls for cls in (Draw, Meld, LayOff, Discard)}

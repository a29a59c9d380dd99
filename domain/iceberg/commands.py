"""Iceberg's commands: what a player asks the game to do, in the imperative.

Each declares its action body (`action`, `params`: see kernel/bodies.py), so
the API, the commands and the legal-action hints share one mapping. Creating
a game and dealing a hand are the kernel's `CreateGame` and `StartHand`;
drawing and passing a card on (`Discard`) are the kernel's commands too.
"""

from dataclasses import dataclass
from typing import ClassVar

from ..kernel.bodies import Param
from ..kernel.commands import Discard, Draw
from ..kernel.deals import StartHand
from ..kernel.players import CreateGame, Player

__all__ = ["CreateGame", "Player", "StartHand", "Pickup", "Draw", "Meld", "LayOff", "Discard", "ACTIONS"]


@dataclass(frozen=True, slots=True)
class Pickup:
    seat: int
    action: ClassVar[str] = "pickup"
    params: ClassVar[tuple] = ()


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


#: action type -> command class: the bodies POST /actions accepts in an Iceberg game
ACTIONS = {cls.action: cls for cls in (Pickup, Draw, Meld, LayOff, Discard)}

"""The commands every rummy shares, defined once: what a player asks the game
to do, in the imperative. Each declares its action body (`action`, `params`:
kernel/bodies.py); a variant lists the ones it has in its `ACTIONS`, beside
its own, and decides each its way. Creating a game and dealing a hand are
kernel/players.py `CreateGame` and kernel/deals.py `StartHand`.
"""

from dataclasses import dataclass
from typing import ClassVar

from .bodies import Param

STOCK, DISCARD_PILE = "stock", "discard"  # the piles a `DrawFrom` names


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""
    seat: int
    action: ClassVar[str] = "draw"
    params: ClassVar[tuple] = ()


@dataclass(frozen=True, slots=True)
class DrawFrom:
    """Take the top card of the stock or of the discard pile (`source`: "stock" or "discard")."""
    seat: int
    source: str
    action: ClassVar[str] = "draw"
    params: ClassVar[tuple] = (Param("from", "source", "pile"),)


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn with this card, face up."""
    seat: int
    card: str
    action: ClassVar[str] = "discard"
    params: ClassVar[tuple] = (Param("card", "card", "card"),)


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the first upcard."""
    seat: int
    action: ClassVar[str] = "pass"
    params: ClassVar[tuple] = ()

"""Fortune Rummy's commands, each declaring its action body (kernel/bodies.py).

Deuces are wild: every action that puts cards on the table says what each deuce
among them stands for in `wild`, a list with one card code per deuce, in the
order the deuces appear in `cards` (for `take_pile`: the deuces of `cards`, then
the pile's top card if it is a deuce). `wild` is always given; it is `[]` when
no deuce is played. Two deuces of the same code may stand for different cards.
Drawing (`Draw`: an empty stock is renewed from the pile first) and discarding
are the kernel's commands.
"""

from dataclasses import dataclass
from typing import ClassVar

from ..kernel.bodies import Param
from ..kernel.commands import Discard, Draw
from ..kernel.commands import WildLayOff as LayOff
from ..kernel.commands import WildMeld as Meld
from ..kernel.deals import StartHand
from ..kernel.players import CreateGame, Player

__all__ = ["CreateGame", "Player", "StartHand", "Draw", "TakePile", "Meld", "LayOff", "Discard", "ACTIONS"]

_WILD = Param("wild", "wild", "wild")


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the whole discard pile, melding its top card at once with `cards` from the hand."""
    seat: int
    cards: tuple[str, ...]
    wild: tuple[str, ...] = ()
    action: ClassVar[str] = "take_pile"
    params: ClassVar[tuple] = (Param("cards", "cards", "cards"), _WILD)


#: action type -> command class: the bodies POST /actions accepts in a Fortune game
ACTIONS = {cls.action: cls for cls in (Draw, TakePile, Meld, LayOff, Discard)}

"""Kalooki's commands, each declaring its action body (kernel/bodies.py).

Jokers are wild: every action that puts cards on the table says what each
joker among them stands for in `wild`, one card code per joker in the order
the jokers appear in `cards` (`[]` without a joker). `open` lays a seat's
first melds, each `{"cards": [...], "wild": [...]}`, and with
`take_discard: true` it is the turn's draw as well: the top discard joins one
of its melds. Drawing (`from`: "stock" or "discard") and discarding are the
kernel's commands.
"""

from dataclasses import dataclass
from typing import ClassVar

from ..kernel.bodies import Param
from ..kernel.commands import Discard, DrawFrom
from ..kernel.deals import StartHand
from ..kernel.players import CreateGame, Player

__all__ = ["CreateGame", "Player", "StartHand", "DrawFrom", "Open", "Meld", "LayOff", "Swap", "Discard", "ACTIONS",
           "declared"]

_WILD = Param("wild", "wild", "wild")


@dataclass(frozen=True, slots=True)
class Open:
    """Lay the seat's first melds, together worth at least `initial_meld`; with
    `take_discard` the top of the pile is the draw and joins one of them."""
    seat: int
    melds: tuple  # each {"cards": [...], "wild": [...]}
    take_discard: bool = False
    action: ClassVar[str] = "open"
    params: ClassVar[tuple] = (Param("melds", "melds", "wild_melds"), Param("take_discard", "take_discard", "flag"))


@dataclass(frozen=True, slots=True)
class Meld:
    seat: int
    cards: tuple[str, ...]
    wild: tuple[str, ...] = ()
    action: ClassVar[str] = "meld"
    params: ClassVar[tuple] = (Param("cards", "cards", "cards"), _WILD)


@dataclass(frozen=True, slots=True)
class LayOff:
    seat: int
    meld_id: str
    cards: tuple[str, ...]
    wild: tuple[str, ...] = ()
    action: ClassVar[str] = "layoff"
    params: ClassVar[tuple] = (Param("meld", "meld_id", "meld"), Param("cards", "cards", "cards"), _WILD)


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the natural `card` in `meld` in the place of the joker standing for it; the joker goes to the hand."""
    seat: int
    meld_id: str
    card: str
    action: ClassVar[str] = "swap"
    params: ClassVar[tuple] = (Param("meld", "meld_id", "meld"), Param("card", "card", "card"))


#: action type -> command class: the bodies POST /actions accepts in a Kalooki game
ACTIONS = {cls.action: cls for cls in (DrawFrom, Open, Meld, LayOff, Swap, Discard)}


def declared(seat: int, records, at: int) -> list:
    """The `open` a stretch of the log shows (for the audit's replay): a
    CardDrawn from the discard pile or not, then MeldLaid events, then
    InitialMeldMade naming them."""
    take, melds, i = False, [], at
    if i < len(records) and records[i]["type"] == "CardDrawn" and records[i]["data"].get("from") == "discard":
        take, i = True, i + 1
    while i < len(records) and records[i]["type"] == "MeldLaid":
        data = records[i]["data"]
        melds.append({"cards": list(data["cards"]), "wild": list(data["wild"])})
        i += 1
    if not melds or i >= len(records) or records[i]["type"] != "InitialMeldMade":
        return []
    return [Open(seat, tuple(melds), take)]

"""The commands every rummy shares, defined once: what a player asks the game
to do, in the imperative. Each declares its action body (`action`, `params`:
kernel/bodies.py); a variant lists the ones it has in its `ACTIONS`, beside
its own, and decides each its way. Creating a game and dealing a hand are
kernel/players.py `CreateGame` and kernel/deals.py `StartHand`.

A command whose body is only the seat's (`pass`, `draw`) is one line:
`Name = seat_only("Name", "action", "what it does")`.
"""

import sys
from dataclasses import dataclass
from typing import ClassVar

from .bodies import Param

STOCK, DISCARD_PILE = "stock", "discard"  # the piles a `DrawFrom` names
_CARDS, _MELD, _WILD = Param("cards", "cards", "cards"), Param("meld", "meld_id", "meld"), Param("wild", "wild", "wild")


def seat_only(name: str, action: str, doc: str) -> type:
    """A command whose body is its type alone: the seat that sends it is all it holds."""
    namespace = {"__annotations__": {"seat": int}, "__doc__": doc, "action": action, "params": (),
                 "__module__": sys._getframe(1).f_globals.get("__name__", __name__), "__qualname__": name}
    return dataclass(frozen=True, slots=True)(type(name, (), namespace))


def card_lists(value):
    """A list of card lists (melds) as a tuple of tuples; any other shape is returned as is (the rules refuse it)."""
    if isinstance(value, (list, tuple)) and all(isinstance(m, (list, tuple)) for m in value):
        return tuple(tuple(m) for m in value)
    return value


Draw = seat_only("Draw", "draw", "Take the top card of the stock.")


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


Pass = seat_only("Pass", "pass", "Decline the first upcard.")


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay a new meld of these cards from the hand."""
    seat: int
    cards: tuple[str, ...]
    action: ClassVar[str] = "meld"
    params: ClassVar[tuple] = (_CARDS,)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add these cards from the hand to the meld on the table with this id."""
    seat: int
    meld_id: str
    cards: tuple[str, ...]
    action: ClassVar[str] = "layoff"
    params: ClassVar[tuple] = (_MELD, _CARDS)


# where wild cards are played, each says what it stands for: `wild`, one card code per wild card of `cards`
@dataclass(frozen=True, slots=True)
class WildMeld:
    """Lay a new meld of these cards from the hand, its wild cards standing for `wild`."""
    seat: int
    cards: tuple[str, ...]
    wild: tuple[str, ...] = ()
    action: ClassVar[str] = "meld"
    params: ClassVar[tuple] = (_CARDS, _WILD)


@dataclass(frozen=True, slots=True)
class WildLayOff:
    """Add these cards to the meld with this id, their wild cards standing for `wild`."""
    seat: int
    meld_id: str
    cards: tuple[str, ...]
    wild: tuple[str, ...] = ()
    action: ClassVar[str] = "layoff"
    params: ClassVar[tuple] = (_MELD, _CARDS, _WILD)

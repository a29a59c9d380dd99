"""Gin's commands: what a player asks the game to do, in the imperative.

Each declares its action body (`action`, `params`: kernel/bodies.py):

    {"type": "pass"}                                   the first upcard, declined
    {"type": "draw", "from": "stock" | "discard"}      the draw (taking the upcard is a draw from "discard")
    {"type": "discard", "card": "7H"}                  end the turn, face up
    {"type": "knock", "card": "KS", "melds": [["2S", "3S", "4S"], ...]}
                                                       end the hand: `card` goes face down, `melds` are the
                                                       knocker's melds, the rest of the hand is deadwood
    {"type": "show", "melds": [[...], ...], "layoffs": [{"meld": 0, "cards": ["5S"]}, ...]}
                                                       the defender's melds and lay-offs (`meld`: the index of
                                                       the knocker's meld in its Knocked event, from 0)

Creating a game and dealing a hand are the kernel's `CreateGame` and `StartHand`;
passing, drawing and discarding are the kernel's commands (kernel/commands.py).
Melds and lay-offs arrive from the API as lists and dicts; the commands hold
them as tuples and `Layoff` records (when they have that shape: anything else
is left as given and refused by the rules).
"""

from dataclasses import dataclass
from typing import ClassVar

from ..kernel.bodies import Param
from ..kernel.commands import DISCARD_PILE, STOCK, Discard, DrawFrom, Pass, card_lists
from ..kernel.deals import StartHand
from ..kernel.players import CreateGame, Player

__all__ = ["CreateGame", "Player", "StartHand", "Pass", "Draw", "Discard", "Knock", "Show", "Layoff", "ACTIONS",
           "STOCK", "DISCARD_PILE"]


class Draw(DrawFrom):
    """The draw, from the stock or the discard pile (taking the first upcard is a draw from the pile)."""
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Layoff:
    """Cards laid off on the knocker's meld number `meld` (its index in Knocked.melds)."""
    meld: int
    cards: tuple[str, ...]

    def to_dict(self) -> dict:
        return {"meld": self.meld, "cards": list(self.cards)}

    @classmethod
    def from_data(cls, data) -> "Layoff":
        return cls(data["meld"], tuple(data["cards"]))


def layoff_list(value):
    """Lay-offs as a tuple of Layoff (from dicts as the API gives them, or (meld, cards)
    pairs as the legal-action listing makes them); any other shape is returned as is."""
    if not isinstance(value, (list, tuple)):
        return value
    found = []
    for item in value:
        if isinstance(item, Layoff):
            found.append(item)
        elif isinstance(item, dict) and set(item) == {"meld", "cards"} and isinstance(item["cards"], (list, tuple)):
            found.append(Layoff(item["meld"], tuple(item["cards"])))
        elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], tuple):
            found.append(Layoff(*item))
        else:
            return value
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Knock:
    seat: int
    card: str  # discarded face down
    melds: tuple[tuple[str, ...], ...]
    action: ClassVar[str] = "knock"
    params: ClassVar[tuple] = (Param("card", "card", "card"), Param("melds", "melds", "melds"))

    def __post_init__(self):
        object.__setattr__(self, "melds", card_lists(self.melds))


@dataclass(frozen=True, slots=True)
class Show:
    seat: int
    melds: tuple[tuple[str, ...], ...]
    layoffs: tuple[Layoff, ...]
    action: ClassVar[str] = "show"
    params: ClassVar[tuple] = (Param("melds", "melds", "melds"), Param("layoffs", "layoffs", "layoffs"))

    def __post_init__(self):
        object.__setattr__(self, "melds", card_lists(self.melds))
        object.__setattr__(self, "layoffs", layoff_list(self.layoffs))


#: action type -> command class: the bodies POST /actions accepts in a Gin game
ACTIONS = {cls.action: cls for cls in (Pass, Draw, Discard, Knock, Show)}

"""Fortune Rummy's events: what happened, in the past tense. The shared names
(GameCreated, HandStarted, CardDrawn, MeldLaid, CardsLaidOff, CardDiscarded,
HandEnded, GameEnded) keep their meaning; Fortune adds PileTaken and
StockRenewed. A deuce's stand-in is recorded in `wild`: one card code per
deuce among `cards`, in the order of `cards`.

Secret during a hand: HandStarted's deck and salt (sealed), and the card of a
CardDrawn (its taker's only). Everything else is public.
"""

from dataclasses import dataclass, fields

from ..kernel.players import Player
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult:
    seat: int
    melded: int  # points melded and laid off this hand
    cards_left: int
    penalty: int  # what the cards left in hand cost (a positive number)
    total: int  # melded - penalty

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class GameCreated:
    players: tuple[Player, ...]
    rules: Rules
    variant: str = "fortune"

    @classmethod
    def from_data(cls, data: dict) -> "GameCreated":
        return cls(tuple(Player(**p) for p in data["players"]), Rules(**data["rules"]), data["variant"])


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand: int
    dealer: int
    first_seat: int
    upcard: str  # the card turned up to start the discard pile: public
    deck_commitment: str
    deck: tuple[str, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """The top card of the stock, seen by its taker only."""
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class PileTaken:
    """The whole discard pile goes to `seat`'s hand, bottom card first, top card last
    (the MeldLaid with the top card follows in the same batch)."""
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StockRenewed:
    """The pile but its top card, turned over unshuffled: the new stock of `size` cards."""
    size: int


@dataclass(frozen=True, slots=True)
class MeldLaid:
    seat: int
    meld: str
    kind: str  # "set" or "run"
    cards: tuple[str, ...]  # in table order
    wild: tuple[str, ...]  # the stand-in of each deuce among cards, in order
    points: int


@dataclass(frozen=True, slots=True)
class CardsLaidOff:
    seat: int
    meld: str
    cards: tuple[str, ...]
    wild: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class HandEnded:
    hand: int
    reason: str  # "out" (a hand emptied) or "exhausted" (the stock could not be renewed)
    results: tuple[HandResult, ...]
    deck: tuple[str, ...]
    salt: str

    @classmethod
    def from_data(cls, data: dict) -> "HandEnded":
        return cls(data["hand"], data["reason"], tuple(HandResult(**r) for r in data["results"]),
                   tuple(data["deck"]), data["salt"])


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    reason: str  # kernel/ending.py REASONS


__all__ = ["HandResult", "GameCreated", "HandStarted", "CardDrawn", "PileTaken", "StockRenewed", "MeldLaid",
           "CardsLaidOff", "CardDiscarded", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut"]

"""Fortune Rummy's events: what happened, in the past tense. The shared names
(GameCreated, HandStarted, CardDrawn, MeldLaid, CardsLaidOff, CardDiscarded,
HandEnded, GameEnded, and StockRenewed, which Fortune had first) keep their
meaning; Fortune adds PileTaken. A deuce's stand-in is recorded in `wild`: one card code per
deuce among `cards`, in the order of `cards`.

Secret during a hand: HandStarted's deck and salt (sealed), and the card of a
CardDrawn (its taker's only). Everything else is public.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.events import Record, StockRenewed
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(Record):
    seat: int
    melded: int  # points melded and laid off this hand
    cards_left: int
    penalty: int  # what the cards left in hand cost (a positive number)
    total: int  # melded - penalty
    scored = "total"  # the field that adds to the seat's game total (kernel/evolving.py)


@dataclass(frozen=True, slots=True)
class GameCreated(events.GameCreated):
    rules: Rules
    variant: str = "fortune"


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand: int
    dealer: int
    first_seat: int
    upcard: str  # the card turned up to start the discard pile: public
    deck_commitment: str
    deck: tuple[str, ...]
    salt: str


class CardDrawn(events.CardDrawn):
    """The top card of the stock, seen by its taker only."""
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class PileTaken:
    """The whole discard pile goes to `seat`'s hand, bottom card first, top card last
    (the MeldLaid with the top card follows in the same batch)."""
    seat: int
    cards: tuple[str, ...]


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


class CardDiscarded(events.CardDiscarded):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class HandEnded(events.HandEnded):
    results: tuple[HandResult, ...]  # `reason`: "out" (a hand emptied) or "exhausted" (no stock to renew)


class GameEnded(events.GameEnded):
    __slots__ = ()


__all__ = ["HandResult", "GameCreated", "HandStarted", "CardDrawn", "PileTaken", "StockRenewed", "MeldLaid",
           "CardsLaidOff", "CardDiscarded", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut"]

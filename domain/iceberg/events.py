"""Iceberg's events: what happened, in the past tense, with the fields of the API.

Each event is a frozen dataclass named for its `type`; `data` is its fields as
JSON-ready values (kernel/eventdata.py). The shared ones (kernel/events.py)
keep their meaning; Iceberg's own are a card picked up, an ace put face up,
and its melds and lay-offs with their points. Its `CardDiscarded` passes the
card face down to the seat before (`to_seat`). `HandStarted` carries the deck
and salt, which projections hide until the hand ends; nothing else in an event
is secret from everyone.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.events import Record
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(Record):
    seat: int
    melded: int
    cards_left: int
    playable: int
    aces: int
    total: int
    scored = "total"  # the field that adds to the seat's game total (kernel/evolving.py)


@dataclass(frozen=True, slots=True)
class GameCreated(events.GameCreated):
    rules: Rules
    variant: str = "iceberg"


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand: int
    first_seat: int
    deck_commitment: str
    deck: tuple[str, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class CardPickedUp:
    seat: int
    card: str


class CardDrawn(events.CardDrawn):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class AceRevealed:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class MeldLaid:
    seat: int
    meld: str
    kind: str
    cards: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CardsLaidOff:
    seat: int
    meld: str
    cards: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    seat: int
    to_seat: int
    card: str


@dataclass(frozen=True, slots=True)
class HandEnded(events.HandEnded):
    results: tuple[HandResult, ...]  # `reason`: "out" or "last_ace"


class GameEnded(events.GameEnded):
    __slots__ = ()


__all__ = ["HandResult", "GameCreated", "HandStarted", "CardPickedUp", "CardDrawn", "AceRevealed", "MeldLaid",
           "CardsLaidOff", "CardDiscarded", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut"]

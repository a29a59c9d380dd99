"""Iceberg's events: what happened, in the past tense, with the fields of the API.

Each event is a frozen dataclass named for its `type`; `data` is its fields as
JSON-ready values (kernel/eventdata.py). `HandStarted` carries the deck and salt, which projections
hide until the hand ends; nothing else in an event is secret from everyone.
"""

from dataclasses import dataclass, fields

from ..kernel.players import Player
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult:
    seat: int
    melded: int
    cards_left: int
    playable: int
    aces: int
    total: int

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class GameCreated:
    players: tuple[Player, ...]
    rules: Rules
    variant: str = "iceberg"

    @classmethod
    def from_data(cls, data: dict) -> "GameCreated":
        return cls(tuple(Player(**p) for p in data["players"]), Rules(**data["rules"]), data["variant"])


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


@dataclass(frozen=True, slots=True)
class CardDrawn:
    seat: int
    card: str


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
class HandEnded:
    hand: int
    reason: str  # "out" or "last_ace"
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




__all__ = ["HandResult", "GameCreated", "HandStarted", "CardPickedUp", "CardDrawn", "AceRevealed", "MeldLaid",
           "CardsLaidOff", "CardDiscarded", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut"]

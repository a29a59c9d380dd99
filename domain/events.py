"""Events: what happened, in the past tense, with the fields API.md fixes.

Each event is a frozen dataclass named for its `type`; `data` is its fields as
JSON-ready values. `HandStarted` carries the deck and salt, which projections
hide until the hand ends; nothing else in an event is secret from everyone.
"""

from dataclasses import dataclass, fields

from .commands import Player
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


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeadlineSet:
    """Play-by-mail: the seat to move must finish its turn by `deadline` (UTC ISO 8601)."""
    seat: int
    deadline: str


@dataclass(frozen=True, slots=True)
class TurnTimedOut:
    """The deadline passed: the greedy policy plays this turn for the absent seat."""
    seat: int
    deadline: str


EVENT_TYPES = {
    cls.__name__: cls
    for cls in (GameCreated, HandStarted, CardPickedUp, CardDrawn, AceRevealed, MeldLaid,
                CardsLaidOff, CardDiscarded, HandEnded, GameEnded, DeadlineSet, TurnTimedOut)
}


def event_type(event) -> str:
    return type(event).__name__


def to_data(event) -> dict:
    """The event's fields as JSON-ready values (lists and dicts)."""
    return {f.name: _plain(getattr(event, f.name)) for f in fields(event)}


def from_data(type_name: str, data: dict):
    """Rebuild an event from its type and data (the inverse of `to_data`)."""
    cls = EVENT_TYPES[type_name]
    values = {f.name: _frozen(data[f.name]) for f in fields(cls)}
    if cls is GameCreated:
        values["players"] = tuple(Player(**p) for p in data["players"])
        values["rules"] = Rules(**data["rules"])
    elif cls is HandEnded:
        values["results"] = tuple(HandResult(**r) for r in data["results"])
    return cls(**values)


def _plain(value):
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def _frozen(value):
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value

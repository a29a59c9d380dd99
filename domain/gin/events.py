"""Gin's events: what happened, in the past tense, with the fields of the API.

Shared names (one meaning in every variant): GameCreated, HandStarted,
CardDrawn, CardDiscarded, HandEnded, GameEnded; Gin's own: UpcardPassed,
Knocked, HandShown. DeadlineSet and TurnTimedOut are the kernel's.

Secret during the hand: HandStarted's deck and salt (nobody but the admin),
the card of a CardDrawn (its taker's: a stock card is the taker's secret; a
card from the discard pile was public already, on the pile) and the card a
knocker discards face down (Knocked.card, the knocker's). Everything else is
public. `CardDrawn` has a field named `from` (the API's name), a Python
keyword, so that class is written out by hand below.
"""

from dataclasses import dataclass, fields

from ..kernel.players import Player
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .commands import Layoff
from .rules import Rules


def _plain_record(record) -> dict:
    return {f.name: getattr(record, f.name) for f in fields(record)}


@dataclass(frozen=True, slots=True)
class HandResult:
    seat: int
    deadwood: int  # deadwood points left (as declared; after lay-offs for the defender)
    score: int  # points won this hand, bonuses included (0 or more)
    bonus: int  # the part of `score` that is the gin or undercut bonus

    def to_dict(self) -> dict:
        return _plain_record(self)


@dataclass(frozen=True, slots=True)
class SeatBonus:
    seat: int
    hands_won: int
    line: int
    game: int
    shutout: int

    def to_dict(self) -> dict:
        return _plain_record(self)


@dataclass(frozen=True, slots=True)
class GameCreated:
    players: tuple[Player, ...]
    rules: Rules
    variant: str = "gin"

    @classmethod
    def from_data(cls, data: dict) -> "GameCreated":
        return cls(tuple(Player(**p) for p in data["players"]), Rules(**data["rules"]), data["variant"])


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand: int
    dealer: int
    upcard: str  # deck[20], turned up as the first discard: public
    deck_commitment: str
    deck: tuple[str, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class UpcardPassed:
    seat: int


@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class CardDrawn:
    """`seat` drew `card` from the `from` pile ("stock" or "discard")."""
    __annotations__ = {"seat": int, "card": str, "from": str}

    def __init__(self, seat: int, card: str, source: str):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "from", source)

    @property
    def source(self) -> str:
        return getattr(self, "from")

    def _key(self):
        return self.seat, self.card, self.source

    def __eq__(self, other):
        return type(other) is CardDrawn and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"CardDrawn(seat={self.seat!r}, card={self.card!r}, from={self.source!r})"

    @classmethod
    def from_data(cls, data: dict) -> "CardDrawn":
        return cls(data["seat"], data["card"], data["from"])


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Knocked:
    seat: int
    card: str  # the 11th card, discarded face down: the knocker's secret until the hand ends
    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]
    deadwood_points: int
    gin: bool


@dataclass(frozen=True, slots=True)
class HandShown:
    seat: int
    melds: tuple[tuple[str, ...], ...]
    layoffs: tuple[Layoff, ...]
    deadwood: tuple[str, ...]
    deadwood_points: int

    @classmethod
    def from_data(cls, data: dict) -> "HandShown":
        return cls(data["seat"], tuple(tuple(m) for m in data["melds"]),
                   tuple(Layoff.from_data(x) for x in data["layoffs"]), tuple(data["deadwood"]),
                   data["deadwood_points"])


@dataclass(frozen=True, slots=True)
class HandEnded:
    hand: int
    reason: str  # "knock", "gin", "undercut" or "wall"
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
    totals: tuple[int, ...]  # final totals: points plus every bonus
    reason: str  # "target" or "max_hands"
    points: tuple[int, ...]  # the hands' scores summed
    bonuses: tuple[SeatBonus, ...]

    @classmethod
    def from_data(cls, data: dict) -> "GameEnded":
        return cls(tuple(data["winners"]), tuple(data["totals"]), data["reason"], tuple(data["points"]),
                   tuple(SeatBonus(**b) for b in data["bonuses"]))


__all__ = ["HandResult", "SeatBonus", "GameCreated", "HandStarted", "UpcardPassed", "CardDrawn", "CardDiscarded",
           "Knocked", "HandShown", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut", "Layoff"]

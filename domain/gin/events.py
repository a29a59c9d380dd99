"""Gin's events: what happened, in the past tense, with the fields of the API.

Shared names (one meaning in every variant): GameCreated, HandStarted,
CardDrawn, CardDiscarded, HandEnded, GameEnded; Gin's own: UpcardPassed,
Knocked, HandShown. DeadlineSet and TurnTimedOut are the kernel's.

Secret during the hand: HandStarted's deck and salt (nobody but the admin),
the card of a CardDrawn (its taker's: a stock card is the taker's secret; a
card from the discard pile was public already, on the pile) and the card a
knocker discards face down (Knocked.card, the knocker's). Everything else is
public. `CardDrawn` has a field named `from` (the API's name), a Python
keyword: its kernel class (kernel/events.py `CardDrawnFrom`) is written out by
hand. `UpcardPassed` is the kernel's, shared with the variants that have an
upcard to pass.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.events import Record, UpcardPassed
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .commands import Layoff
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    deadwood: int  # deadwood points left (as declared; after lay-offs for the defender)
    score: int  # points won this hand, bonuses included (0 or more)
    bonus: int  # the part of `score` that is the gin or undercut bonus
    scored = "score"  # what adds to the seat's game total


@dataclass(frozen=True, slots=True)
class SeatBonus(Record):
    seat: int
    hands_won: int
    line: int
    game: int
    shutout: int


GameCreated = events.game_created("gin", Rules)
HandStarted = events.hand_started(dealer=int, upcard=str)  # the upcard: deck[20], the first discard (public)
CardDrawn = events.of_variant(events.CardDrawnFrom, "CardDrawn")  # from "stock" or "discard"
CardDiscarded = events.of_variant(events.CardDiscarded)
HandEnded = events.hand_ended(HandResult, ("knock", "gin", "undercut", "wall"))  # `reason`: "knock", "gin", "undercut" or "wall"


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


@dataclass(frozen=True, slots=True)
class GameEnded(events.GameEnded):
    """`totals` are the final totals: points plus every bonus; `reason` is "target" or "max_hands"."""
    points: tuple[int, ...]  # the hands' scores summed
    bonuses: tuple[SeatBonus, ...]


__all__ = ["HandResult", "SeatBonus", "GameCreated", "HandStarted", "UpcardPassed", "CardDrawn", "CardDiscarded",
           "Knocked", "HandShown", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut", "Layoff"]

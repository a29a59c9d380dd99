"""Conquian's events: what happened, in the past tense, with the fields of
the API (MORE_VARIANTS.md, "Conquian").

Shared (kernel/events.py): GameCreated, HandStarted (`dealer`, `upcard` or
null), UpcardPassed, CardDiscarded, HandEnded (`reason` "out" or "drawn"; per
seat `melded` and `score`) and GameEnded. No card is ever drawn into a hand
and every change to a seat's melds is a whole new split, so CardDrawn,
MeldLaid and CardsLaidOff are not used. Conquian's own are below.

Every card that moves after the deal is face up, so no field of these is
anyone's secret: only HandStarted's deck and salt are sealed until the hand ends.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.events import UpcardPassed
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    melded: int  # cards in the seat's melds when the hand ended
    score: int  # the stake to the winner, 0 to the loser and to both in a drawn hand
    scored = "score"


GameCreated = events.game_created("conquian", Rules)
HandStarted = events.hand_started(dealer=int, upcard=str | None)  # the upcard: deck[20], or null
CardDiscarded = events.of_variant(events.CardDiscarded)  # the opponent's exposed card now
HandEnded = events.hand_ended(HandResult, ("out", "drawn"))
GameEnded = events.of_variant(events.GameEnded)


# `seat` turned the top stock card face up: now the card exposed to them
StockCardTurned = events.of_variant(events.SeatCard, "StockCardTurned")
# the exposed `card` went face down onto the dead pile, out of play for the hand (`seat`: whose decline, or
# last pass of the first upcard, put it there)
CardTurnedDown = events.of_variant(events.SeatCard, "CardTurnedDown")


@dataclass(frozen=True, slots=True)
class CardDeclined:
    """`seat` declined the exposed `card`; `forceable`: it lays off on one of the
    seat's melds as they stand (and the rules force), so the opponent answers."""
    seat: int
    card: str
    forceable: bool


# `seat` (the opponent of the decliner) forced the decliner to take `card`
CardForced = events.of_variant(events.SeatCard, "CardForced")
# `seat` (the opponent of the decliner) allowed the decline of `card`
ForceWaived = events.of_variant(events.SeatCard, "ForceWaived")
# `seat` declined the card they turned: it stays exposed, now to the opponent
CardLeft = events.of_variant(events.SeatCard, "CardLeft")


@dataclass(frozen=True, slots=True)
class ExposedCardMelded:
    """`seat` took the exposed `card` (`forced`: after a force) with the hand
    cards `from_hand`; `melds` are the seat's whole melds now."""
    seat: int
    card: str
    forced: bool
    from_hand: tuple[str, ...]
    melds: tuple[tuple[str, ...], ...]


__all__ = ["HandResult", "GameCreated", "HandStarted", "UpcardPassed", "CardDiscarded", "HandEnded", "GameEnded",
           "StockCardTurned", "CardTurnedDown", "CardDeclined", "CardForced", "ForceWaived", "CardLeft",
           "ExposedCardMelded"]

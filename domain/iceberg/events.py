"""Iceberg's events: what happened, in the past tense, with the fields of the API.

Each event is a frozen dataclass named for its `type`; `data` is its fields as
JSON-ready values (kernel/eventdata.py). The shared ones are the kernel's
(kernel/events.py), stored under Iceberg's codes; Iceberg's own are a card
picked up, an ace put face up, and its melds and lay-offs with their points.
Its `CardDiscarded` passes the card face down to the seat before (`to_seat`).
`HandStarted` carries the deck and salt, which projections hide until the hand
ends; nothing else in an event is secret from everyone.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    melded: int
    cards_left: int
    playable: int
    aces: int
    total: int


GameCreated = events.game_created("iceberg", Rules)
HandStarted = events.hand_started(first_seat=int)
CardDrawn = events.of_variant(events.CardDrawn)
HandEnded = events.hand_ended(HandResult, ("out", "last_ace"))  # `reason`: "out" or "last_ace"
GameEnded = events.of_variant(events.GameEnded)
CardPickedUp = events.of_variant(events.SeatCard, "CardPickedUp")  # `seat` takes the card passed to it
AceRevealed = events.of_variant(events.SeatCard, "AceRevealed")  # an ace of `seat`'s goes face up before it
MeldLaid = events.meld_laid(points=int)
CardsLaidOff = events.cards_laid_off(points=int)


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    """`seat` passes `card` face down to `to_seat`, the seat before it."""
    seat: int
    to_seat: int
    card: str


__all__ = ["HandResult", "GameCreated", "HandStarted", "CardPickedUp", "CardDrawn", "AceRevealed", "MeldLaid",
           "CardsLaidOff", "CardDiscarded", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut"]

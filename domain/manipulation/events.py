"""Manipulation Rummy's events. The shared names (GameCreated, HandStarted,
CardDrawn, HandEnded, GameEnded) keep their meaning; its own are
TableRearranged (a play: the cards from hand and the whole new table, in
canonical form) and TurnPassed (a seat that cannot play with the stock empty).

Secret during a hand: HandStarted's deck and salt (sealed), and the card of a
CardDrawn (its taker's only). Everything else is public.
"""

from dataclasses import dataclass

from ..kernel import events
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    cards_left: int
    penalty: int  # what the cards left cost: added to the seat's total
    total: int  # the seat's game total after this hand
    scored = "penalty"


GameCreated = events.game_created("manipulation", Rules)
HandStarted = events.hand_started(dealer=int, first_seat=int)  # no upcard: the rest of the deck is the stock
CardDrawn = events.of_variant(events.CardDrawn)  # the top card of the stock, seen by its taker only
HandEnded = events.hand_ended(HandResult, ("out", "blocked"))  # `reason`: "out" (a hand emptied) or "blocked" (every seat passed)
GameEnded = events.of_variant(events.GameEnded)


@dataclass(frozen=True, slots=True)
class TableRearranged:
    """`seat` moved `cards` from its hand to the table, which is now `table`:
    every meld, in canonical form (melds.py), the groups as submitted."""
    seat: int
    cards: tuple[str, ...]
    table: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """`seat` could not play and the stock is empty: its turn passes."""
    seat: int

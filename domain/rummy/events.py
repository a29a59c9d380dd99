"""Rummy's events: what happened, in the past tense, with the fields of the API
(MORE_VARIANTS.md "Rummy", "Wire details").

The shared names keep their meaning: GameCreated, HandStarted (with the dealer,
the first seat and the upcard), CardDrawn (`from` "stock" or "discard"),
MeldLaid, CardsLaidOff, CardDiscarded, StockRenewed (the kernel's: the whole
pile turned over, kernel/piles.py), HandEnded and GameEnded. Rummy's own is
TurnEndedEmptyHanded: under `discard_to_go_out`, a seat emptied its hand by
melding or laying off; its turn ends with no discard, and it has not gone out.

MeldLaid and CardsLaidOff carry `points`, the value of the cards laid (A 1,
faces 10), as the other rummies' do; in Rummy nothing scores it: a hand's
score is the cards left in hand.

Secret during a hand: HandStarted's deck and salt (sealed), and the card of a
CardDrawn from the stock (its taker's). A card drawn from the discard pile was
face up there: everyone sees it. Everything else is public.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.events import StockRenewed
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    cards_left: int
    value: int  # the value of the seat's own cards left in hand
    score: int  # what the hand adds to the seat's total (all 0 in an exhausted hand)
    rummy: bool  # the seat went out "rummy": no meld or lay-off in an earlier turn of the hand
    out: bool  # the seat went out (ended the hand)
    scored = "score"


GameCreated = events.game_created("rummy", Rules)
HandStarted = events.hand_started(dealer=int, first_seat=int, upcard=str)  # the upcard starts the pile: public
CardDrawn = events.of_variant(events.CardDrawnFrom, "CardDrawn")  # from "stock" (its taker's) or "discard"
MeldLaid = events.meld_laid(points=int)  # `kind`: "set" or "run"; `cards` in table order
CardsLaidOff = events.cards_laid_off(points=int)  # `cards`: the cards added
CardDiscarded = events.of_variant(events.CardDiscarded)
HandEnded = events.hand_ended(HandResult, ("out", "exhausted"))  # `reason`: "out" or "exhausted"
GameEnded = events.of_variant(events.GameEnded)  # `reason`: "target", "hands" or "max_hands" (or an early end)


@dataclass(frozen=True, slots=True)
class TurnEndedEmptyHanded:
    """`seat` emptied its hand by melding or laying off under `discard_to_go_out`:
    its turn is over without a discard, and it has not gone out."""
    seat: int


__all__ = ["HandResult", "GameCreated", "HandStarted", "CardDrawn", "StockRenewed", "MeldLaid", "CardsLaidOff",
           "CardDiscarded", "TurnEndedEmptyHanded", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut"]

"""Kalooki's events: what happened, in the past tense. The shared names keep
their meaning (GameCreated, HandStarted, CardDrawn with its pile, MeldLaid,
CardsLaidOff, CardDiscarded, StockRenewed, HandEnded, GameEnded); Kalooki adds
InitialMeldMade, JokerSwapped and PlayerEliminated. A joker's stand-in is
recorded in `wild`: one card code per joker among `cards`, in their order.

Secret during a hand: HandStarted's deck and salt (sealed), and the card of a
CardDrawn from the stock (its taker's only). Everything else is public.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.events import StockRenewed
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    cards_left: int
    penalty: int  # what the cards left in hand cost
    score: int  # what the hand adds to the seat's total
    total: int  # the seat's game total after the hand
    kalooki: bool  # the seat went out in one turn, opening in it
    scored = "score"


GameCreated = events.game_created("kalooki", Rules)
# the deal goes over the seats still in, from first_seat; the upcard starts the pile: public
HandStarted = events.hand_started(dealer=int, first_seat=int, upcard=str)
CardDrawn = events.of_variant(events.CardDrawnFrom, "CardDrawn")  # from the stock: its taker's only
CardDiscarded = events.of_variant(events.CardDiscarded)
# `points`: what the meld (or the laid-off cards) is worth on the table; `kind`: "set" or "run"
MeldLaid = events.meld_laid(wild=tuple[str, ...], points=int)
CardsLaidOff = events.cards_laid_off(wild=tuple[str, ...], points=int)
HandEnded = events.hand_ended(HandResult, ("out", "exhausted"))  # `reason`: "out" (a hand emptied) or "exhausted" (dead: nobody scores)
GameEnded = events.of_variant(events.GameEnded)


@dataclass(frozen=True, slots=True)
class InitialMeldMade:
    """`seat` opened: the melds laid by its `open` (their ids, in order), worth `value` together."""
    seat: int
    melds: tuple[str, ...]
    value: int


@dataclass(frozen=True, slots=True)
class JokerSwapped:
    """`seat` put the natural `card` in `meld` in the place of a joker standing for
    it (`stand_in`, equal to `card`), and took the joker into its hand."""
    seat: int
    meld: str
    card: str
    stand_in: str


@dataclass(frozen=True, slots=True)
class PlayerEliminated:
    """`seat`'s total, `total`, is above the elimination score: it is dealt no more cards."""
    seat: int
    total: int
    move = False  # the rules' doing, not the seat's


__all__ = ["HandResult", "GameCreated", "HandStarted", "CardDrawn", "StockRenewed", "MeldLaid", "CardsLaidOff",
           "InitialMeldMade", "JokerSwapped", "CardDiscarded", "HandEnded", "PlayerEliminated", "GameEnded",
           "DeadlineSet", "TurnTimedOut"]

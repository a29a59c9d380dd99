"""Fortune Rummy's events: what happened, in the past tense. The shared names
(GameCreated, HandStarted, CardDrawn, MeldLaid, CardsLaidOff, CardDiscarded,
HandEnded, GameEnded, and StockRenewed, which Fortune had first) keep their
meaning; Fortune adds PileTaken. A deuce's stand-in is recorded in `wild`: one card code per
deuce among `cards`, in the order of `cards`.

Secret during a hand: HandStarted's deck and salt (sealed), and the card of a
CardDrawn (its taker's only). Everything else is public.
"""

from dataclasses import dataclass

from ..kernel import events
from ..kernel.events import StockRenewed
from ..kernel.turns import DeadlineSet, TurnTimedOut
from .rules import Rules


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    melded: int  # points melded and laid off this hand
    cards_left: int
    penalty: int  # what the cards left in hand cost (a positive number)
    total: int  # melded - penalty


GameCreated = events.game_created("fortune", Rules)
HandStarted = events.hand_started(dealer=int, first_seat=int, upcard=str)  # the upcard starts the pile: public
CardDrawn = events.of_variant(events.CardDrawn)  # the top card of the stock, seen by its taker only
CardDiscarded = events.of_variant(events.CardDiscarded)
HandEnded = events.hand_ended(HandResult, ("out", "exhausted"))  # `reason`: "out" (a hand emptied) or "exhausted" (no stock to renew)
GameEnded = events.of_variant(events.GameEnded)
MeldLaid = events.meld_laid(wild=tuple[str, ...], points=int)  # `kind`: "set" or "run"; `cards` in table order
CardsLaidOff = events.cards_laid_off(wild=tuple[str, ...], points=int)


@dataclass(frozen=True, slots=True)
class PileTaken:
    """The whole discard pile goes to `seat`'s hand, bottom card first, top card last
    (the MeldLaid with the top card follows in the same batch)."""
    seat: int
    cards: tuple[str, ...]


__all__ = ["HandResult", "GameCreated", "HandStarted", "CardDrawn", "PileTaken", "StockRenewed", "MeldLaid",
           "CardsLaidOff", "CardDiscarded", "HandEnded", "GameEnded", "DeadlineSet", "TurnTimedOut"]

"""How Rummy's events are stored (kernel/stored.py): codes (all starting with
"r"), versions and field lists, pinned. StockRenewed is the kernel's class,
stored under the code Fortune gave it; the kernel's own events (deadlines,
seats, deals) are stored alike in every variant: the Variant record adds their
forms. Never change a code or a field list in place."""

from ..kernel.events import STOCK_RENEWED, created_form, game_ended_form, hand_ended_form, seat_card_form
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    created_form(ev.GameCreated, "rG"),
    StoredForm(ev.HandStarted, "rH", ("hand", "dealer", "first_seat", "upcard", "deck_commitment", "deck", "salt"),
               joined=("deck",)),
    StoredForm(ev.CardDrawn, "rD", ("seat", "card", "from")),
    STOCK_RENEWED,
    StoredForm(ev.MeldLaid, "rM", ("seat", "meld", "kind", "cards", "points")),
    StoredForm(ev.CardsLaidOff, "rL", ("seat", "meld", "cards", "points")),
    seat_card_form(ev.CardDiscarded, "rX"),
    StoredForm(ev.TurnEndedEmptyHanded, "rT", ("seat",)),
    hand_ended_form(ev.HandEnded, "rE"),
    game_ended_form(ev.GameEnded, "rO"),
)

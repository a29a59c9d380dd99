"""How Fortune's events are stored (kernel/stored.py): codes (all starting with
"f"), versions and field lists, pinned. StockRenewed is the kernel's class,
stored under the code Fortune gave it; the kernel's own events (deadlines,
seats, deals) are stored alike in every variant: the Variant record adds their
forms. Never change a code or a field list in place."""

from ..kernel.events import STOCK_RENEWED, created_form, game_ended_form, hand_ended_form, seat_card_form
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    created_form(ev.GameCreated, "fG"),
    StoredForm(ev.HandStarted, "fH", ("hand", "dealer", "first_seat", "upcard", "deck_commitment", "deck", "salt"),
               joined=("deck",)),
    seat_card_form(ev.CardDrawn, "fD"),
    StoredForm(ev.PileTaken, "fP", ("seat", "cards")),
    STOCK_RENEWED,
    StoredForm(ev.MeldLaid, "fM", ("seat", "meld", "kind", "cards", "wild", "points")),
    StoredForm(ev.CardsLaidOff, "fL", ("seat", "meld", "cards", "wild", "points")),
    seat_card_form(ev.CardDiscarded, "fX"),
    hand_ended_form(ev.HandEnded, "fE"),
    game_ended_form(ev.GameEnded, "fO", reason_added=True),
)

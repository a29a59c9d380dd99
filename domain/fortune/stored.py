"""How Fortune's events are stored (kernel/stored.py): codes (all starting with
"f"), versions and field lists, pinned. StockRenewed is the kernel's class,
stored under the code Fortune gave it; the kernel's own events (deadlines,
seats, deals) are stored alike in every variant: the Variant record adds their
forms. Never change a code or a field list in place."""

from ..kernel import events as shared
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    shared.created_form(ev.GameCreated, "fG"),
    shared.hand_started_form(ev.HandStarted, "fH", "dealer", "first_seat", "upcard"),
    shared.seat_card_form(ev.CardDrawn, "fD"),
    StoredForm(ev.PileTaken, "fP", ("seat", "cards")),
    shared.STOCK_RENEWED,
    StoredForm(ev.MeldLaid, "fM", ("seat", "meld", "kind", "cards", "wild", "points")),
    StoredForm(ev.CardsLaidOff, "fL", ("seat", "meld", "cards", "wild", "points")),
    shared.seat_card_form(ev.CardDiscarded, "fX"),
    shared.hand_ended_form(ev.HandEnded, "fE"),
    shared.game_ended_form(ev.GameEnded, "fO", reason_added=True),
)

"""How Rummy's events are stored (kernel/stored.py): codes all starting with
"r", versions and field lists, pinned; the forms of the shared events come
from kernel/events.py (StockRenewed under the kernel's code). Never change a
code or a field list in place."""

from ..kernel import events as shared
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    shared.created_form(ev.GameCreated, "rG"),
    shared.hand_started_form(ev.HandStarted, "rH", "dealer", "first_seat", "upcard"),
    shared.drawn_from_form(ev.CardDrawn, "rD"),
    shared.STOCK_RENEWED,
    StoredForm(ev.MeldLaid, "rM", ("seat", "meld", "kind", "cards", "points")),
    StoredForm(ev.CardsLaidOff, "rL", ("seat", "meld", "cards", "points")),
    shared.seat_card_form(ev.CardDiscarded, "rX"),
    StoredForm(ev.TurnEndedEmptyHanded, "rT", ("seat",)),
    shared.hand_ended_form(ev.HandEnded, "rE"),
    shared.game_ended_form(ev.GameEnded, "rO"),
)

"""How Kalooki's events are stored (kernel/stored.py): codes (all starting with
"k"), versions and field lists, pinned. StockRenewed is the kernel's shared
class under its first code; the kernel's own events (deadlines, seats, deals)
are stored alike in every variant. Never change a code or a field list in place."""

from ..kernel import events as shared
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    shared.created_form(ev.GameCreated, "kG"),
    shared.hand_started_form(ev.HandStarted, "kH", "dealer", "first_seat", "upcard"),
    shared.drawn_from_form(ev.CardDrawn, "kD"),
    shared.STOCK_RENEWED,
    StoredForm(ev.MeldLaid, "kM", ("seat", "meld", "kind", "cards", "wild", "points")),
    StoredForm(ev.CardsLaidOff, "kL", ("seat", "meld", "cards", "wild", "points")),
    StoredForm(ev.InitialMeldMade, "kI", ("seat", "melds", "value")),
    StoredForm(ev.JokerSwapped, "kJ", ("seat", "meld", "card", "stand_in")),
    shared.seat_card_form(ev.CardDiscarded, "kX"),
    shared.hand_ended_form(ev.HandEnded, "kE"),
    StoredForm(ev.PlayerEliminated, "kP", ("seat", "total")),
    shared.game_ended_form(ev.GameEnded, "kO"),
)

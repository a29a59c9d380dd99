"""How Kalooki's events are stored (kernel/stored.py): codes (all starting with
"k"), versions and field lists, pinned. StockRenewed is the kernel's shared
class under its first code; the kernel's own events (deadlines, seats, deals)
are stored alike in every variant. Never change a code or a field list in place."""

from ..kernel.events import STOCK_RENEWED, created_form, game_ended_form, hand_ended_form, seat_card_form
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    created_form(ev.GameCreated, "kG"),
    StoredForm(ev.HandStarted, "kH", ("hand", "dealer", "first_seat", "upcard", "deck_commitment", "deck", "salt"),
               joined=("deck",)),
    StoredForm(ev.CardDrawn, "kD", ("seat", "card", "from")),
    STOCK_RENEWED,
    StoredForm(ev.MeldLaid, "kM", ("seat", "meld", "kind", "cards", "wild", "points")),
    StoredForm(ev.CardsLaidOff, "kL", ("seat", "meld", "cards", "wild", "points")),
    StoredForm(ev.InitialMeldMade, "kI", ("seat", "melds", "value")),
    StoredForm(ev.JokerSwapped, "kJ", ("seat", "meld", "card", "stand_in")),
    seat_card_form(ev.CardDiscarded, "kX"),
    hand_ended_form(ev.HandEnded, "kE"),
    StoredForm(ev.PlayerEliminated, "kP", ("seat", "total")),
    game_ended_form(ev.GameEnded, "kO"),
)

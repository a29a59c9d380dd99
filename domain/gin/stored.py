"""How Gin's events are stored (kernel/stored.py): codes, versions and field
lists, pinned. Gin's codes start with "g"; UpcardPassed is the kernel's class,
stored under the code Gin gave it; the kernel's own events (deadlines, seats,
deals) are stored alike in every variant: the Variant record adds their forms.
Never change a code or a field list in place: add a version with an upcaster."""

from ..kernel import events as shared
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    shared.created_form(ev.GameCreated, "gG"),
    shared.hand_started_form(ev.HandStarted, "gH", "dealer", "upcard"),
    shared.UPCARD_PASSED,
    shared.drawn_from_form(ev.CardDrawn, "gD"),
    shared.seat_card_form(ev.CardDiscarded, "gX"),
    StoredForm(ev.Knocked, "gK", ("seat", "card", "melds", "deadwood", "deadwood_points", "gin")),
    StoredForm(ev.HandShown, "gW", ("seat", "melds", "layoffs", "deadwood", "deadwood_points")),
    shared.hand_ended_form(ev.HandEnded, "gE"),
    StoredForm(ev.GameEnded, "gO", ("winners", "totals", "reason", "points", "bonuses")),
)

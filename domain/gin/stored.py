"""How Gin's events are stored (kernel/stored.py): codes, versions and field
lists, pinned. Gin's codes start with "g"; UpcardPassed is the kernel's class,
stored under the code Gin gave it; the kernel's own events (deadlines, seats,
deals) are stored alike in every variant: the Variant record adds their forms.
Never change a code or a field list in place: add a version with an upcaster."""

from ..kernel.events import UPCARD_PASSED, created_form, hand_ended_form, seat_card_form
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    created_form(ev.GameCreated, "gG"),
    StoredForm(ev.HandStarted, "gH", ("hand", "dealer", "upcard", "deck_commitment", "deck", "salt"),
               joined=("deck",)),
    UPCARD_PASSED,
    StoredForm(ev.CardDrawn, "gD", ("seat", "card", "from")),
    seat_card_form(ev.CardDiscarded, "gX"),
    StoredForm(ev.Knocked, "gK", ("seat", "card", "melds", "deadwood", "deadwood_points", "gin")),
    StoredForm(ev.HandShown, "gW", ("seat", "melds", "layoffs", "deadwood", "deadwood_points")),
    hand_ended_form(ev.HandEnded, "gE"),
    StoredForm(ev.GameEnded, "gO", ("winners", "totals", "reason", "points", "bonuses")),
)

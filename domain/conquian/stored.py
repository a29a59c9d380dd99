"""How Conquian's events are stored (kernel/stored.py): codes, versions and
field lists, pinned. Conquian's codes start with "q"; UpcardPassed is the
kernel's class, stored under the code Gin gave it; the kernel's own events
(deadlines, seats, deals) are stored alike in every variant: the Variant
record adds their forms. Never change a code or a field list in place: add a
version with an upcaster."""

from ..kernel import events as shared
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    shared.created_form(ev.GameCreated, "qG"),
    shared.hand_started_form(ev.HandStarted, "qH", "dealer", "upcard"),
    shared.UPCARD_PASSED,
    shared.seat_card_form(ev.StockCardTurned, "qT"),
    shared.seat_card_form(ev.CardTurnedDown, "qV"),
    StoredForm(ev.CardDeclined, "qN", ("seat", "card", "forceable")),
    shared.seat_card_form(ev.CardForced, "qF"),
    shared.seat_card_form(ev.ForceWaived, "qW"),
    shared.seat_card_form(ev.CardLeft, "qL"),
    StoredForm(ev.ExposedCardMelded, "qM", ("seat", "card", "forced", "from_hand", "melds")),
    shared.seat_card_form(ev.CardDiscarded, "qX"),
    shared.hand_ended_form(ev.HandEnded, "qE"),
    shared.game_ended_form(ev.GameEnded, "qO"),
)

"""How Conquian's events are stored (kernel/stored.py): codes, versions and
field lists, pinned. Conquian's codes start with "q"; UpcardPassed is the
kernel's class, stored under the code Gin gave it; the kernel's own events
(deadlines, seats, deals) are stored alike in every variant: the Variant
record adds their forms. Never change a code or a field list in place: add a
version with an upcaster."""

from ..kernel.events import UPCARD_PASSED, created_form, game_ended_form, hand_ended_form, seat_card_form
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    created_form(ev.GameCreated, "qG"),
    StoredForm(ev.HandStarted, "qH", ("hand", "dealer", "upcard", "deck_commitment", "deck", "salt"),
               joined=("deck",)),
    UPCARD_PASSED,
    seat_card_form(ev.StockCardTurned, "qT"),
    seat_card_form(ev.CardTurnedDown, "qV"),
    StoredForm(ev.CardDeclined, "qN", ("seat", "card", "forceable")),
    seat_card_form(ev.CardForced, "qF"),
    seat_card_form(ev.ForceWaived, "qW"),
    seat_card_form(ev.CardLeft, "qL"),
    StoredForm(ev.ExposedCardMelded, "qM", ("seat", "card", "forced", "from_hand", "melds")),
    seat_card_form(ev.CardDiscarded, "qX"),
    hand_ended_form(ev.HandEnded, "qE"),
    game_ended_form(ev.GameEnded, "qO"),
)

"""How Manipulation Rummy's events are stored (kernel/stored.py): codes (all
starting with "m"), versions and field lists, pinned. Never change a code or a
field list in place."""

from ..kernel.events import created_form, game_ended_form, hand_ended_form, seat_card_form
from ..kernel.stored import StoredForm
from . import events as ev

STORED = (
    created_form(ev.GameCreated, "mG"),
    StoredForm(ev.HandStarted, "mH", ("hand", "dealer", "first_seat", "deck_commitment", "deck", "salt"),
               joined=("deck",)),
    seat_card_form(ev.CardDrawn, "mD"),
    StoredForm(ev.TableRearranged, "mT", ("seat", "cards", "table")),
    StoredForm(ev.TurnPassed, "mP", ("seat",)),
    hand_ended_form(ev.HandEnded, "mE"),
    game_ended_form(ev.GameEnded, "mO"),
)

"""How Iceberg's events are stored (kernel/stored.py): codes, versions and
field lists, pinned. Never change a code or a field list in place: add a
version with an upcaster instead (tests/test_stored_form.py holds them to it).
The kernel's own events (deadlines, seats, deals) are stored alike in every
variant: the Variant record adds their forms."""

from ..kernel.events import created_form, game_ended_form, hand_ended_form, hand_started_form, seat_card_form
from ..kernel.stored import Past, StoredForm
from . import events as ev


def _iceberg_by_default(data: dict) -> dict:
    """Version 1 of GameCreated predates variants: every such game is Iceberg."""
    return {**data, "variant": "iceberg"}


STORED = (
    created_form(ev.GameCreated, "G", version=2, past=(Past(1, ("players", "rules"), _iceberg_by_default),)),
    hand_started_form(ev.HandStarted, "H", "first_seat"),
    StoredForm(ev.CardPickedUp, "U", ("seat", "card")),
    seat_card_form(ev.CardDrawn, "D"),
    StoredForm(ev.AceRevealed, "A", ("seat", "card")),
    StoredForm(ev.MeldLaid, "M", ("seat", "meld", "kind", "cards", "points")),
    StoredForm(ev.CardsLaidOff, "L", ("seat", "meld", "cards", "points")),
    StoredForm(ev.CardDiscarded, "X", ("seat", "to_seat", "card")),
    hand_ended_form(ev.HandEnded, "E"),
    game_ended_form(ev.GameEnded, "O", reason_added=True),
)

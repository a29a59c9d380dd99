"""How Iceberg's events are stored (kernel/stored.py): codes, versions and
field lists, pinned. Never change a code or a field list in place: add a
version with an upcaster instead (tests/test_stored_form.py holds them to it)."""

from ..kernel.ending import reason_of_v1
from ..kernel.seats import STORED as SEATS
from ..kernel.shuffle import STORED as DEALS
from ..kernel.stored import Past, StoredForm
from .events import (
    AceRevealed,
    CardDiscarded,
    CardDrawn,
    CardPickedUp,
    CardsLaidOff,
    DeadlineSet,
    GameCreated,
    GameEnded,
    HandEnded,
    HandStarted,
    MeldLaid,
    TurnTimedOut,
)


def _iceberg_by_default(data: dict) -> dict:
    """Version 1 of GameCreated predates variants: every such game is Iceberg."""
    return {**data, "variant": "iceberg"}


STORED = (
    StoredForm(GameCreated, "G", ("players", "rules", "variant"), version=2,
               past=(Past(1, ("players", "rules"), _iceberg_by_default),)),
    StoredForm(HandStarted, "H", ("hand", "first_seat", "deck_commitment", "deck", "salt"), joined=("deck",)),
    StoredForm(CardPickedUp, "U", ("seat", "card")),
    StoredForm(CardDrawn, "D", ("seat", "card")),
    StoredForm(AceRevealed, "A", ("seat", "card")),
    StoredForm(MeldLaid, "M", ("seat", "meld", "kind", "cards", "points")),
    StoredForm(CardsLaidOff, "L", ("seat", "meld", "cards", "points")),
    StoredForm(CardDiscarded, "X", ("seat", "to_seat", "card")),
    StoredForm(HandEnded, "E", ("hand", "reason", "results", "deck", "salt"), joined=("deck",)),
    StoredForm(GameEnded, "O", ("winners", "totals", "reason"), version=2,
               past=(Past(1, ("winners", "totals"), reason_of_v1),)),
    StoredForm(DeadlineSet, "S", ("seat", "deadline")),
    StoredForm(TurnTimedOut, "T", ("seat", "deadline")),
) + SEATS + DEALS  # the kernel's: seats (taking, resigning, forfeiting, aborting, extending), deals

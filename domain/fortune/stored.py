"""How Fortune's events are stored (kernel/stored.py): codes (all starting with
"f", except the deadline events shared with every variant), versions and field
lists, pinned. Never change a code or a field list in place."""

from ..kernel.ending import reason_of_v1
from ..kernel.seats import STORED as SEATS
from ..kernel.shuffle import STORED as DEALS
from ..kernel.stored import Past, StoredForm
from .events import (
    CardDiscarded,
    CardDrawn,
    CardsLaidOff,
    DeadlineSet,
    GameCreated,
    GameEnded,
    HandEnded,
    HandStarted,
    MeldLaid,
    PileTaken,
    StockRenewed,
    TurnTimedOut,
)

STORED = (
    StoredForm(GameCreated, "fG", ("players", "rules", "variant")),
    StoredForm(HandStarted, "fH", ("hand", "dealer", "first_seat", "upcard", "deck_commitment", "deck", "salt"),
               joined=("deck",)),
    StoredForm(CardDrawn, "fD", ("seat", "card")),
    StoredForm(PileTaken, "fP", ("seat", "cards")),
    StoredForm(StockRenewed, "fR", ("size",)),
    StoredForm(MeldLaid, "fM", ("seat", "meld", "kind", "cards", "wild", "points")),
    StoredForm(CardsLaidOff, "fL", ("seat", "meld", "cards", "wild", "points")),
    StoredForm(CardDiscarded, "fX", ("seat", "card")),
    StoredForm(HandEnded, "fE", ("hand", "reason", "results", "deck", "salt"), joined=("deck",)),
    StoredForm(GameEnded, "fO", ("winners", "totals", "reason"), version=2,
               past=(Past(1, ("winners", "totals"), reason_of_v1),)),
    StoredForm(DeadlineSet, "S", ("seat", "deadline")),
    StoredForm(TurnTimedOut, "T", ("seat", "deadline")),
) + SEATS + DEALS  # the kernel's: seats (taking, resigning, forfeiting, aborting, extending), deals

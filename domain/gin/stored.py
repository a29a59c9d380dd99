"""How Gin's events are stored (kernel/stored.py): codes, versions and field
lists, pinned. Gin's codes start with "g"; DeadlineSet and TurnTimedOut are the
kernel's classes, stored exactly as every variant stores them ("S", "T").
Never change a code or a field list in place: add a version with an upcaster."""

from ..kernel.seats import STORED as SEATS
from ..kernel.shuffle import STORED as DEALS
from ..kernel.stored import StoredForm
from .events import (
    CardDiscarded,
    CardDrawn,
    DeadlineSet,
    GameCreated,
    GameEnded,
    HandEnded,
    HandShown,
    HandStarted,
    Knocked,
    TurnTimedOut,
    UpcardPassed,
)

STORED = (
    StoredForm(GameCreated, "gG", ("players", "rules", "variant")),
    StoredForm(HandStarted, "gH", ("hand", "dealer", "upcard", "deck_commitment", "deck", "salt"), joined=("deck",)),
    StoredForm(UpcardPassed, "gP", ("seat",)),
    StoredForm(CardDrawn, "gD", ("seat", "card", "from")),
    StoredForm(CardDiscarded, "gX", ("seat", "card")),
    StoredForm(Knocked, "gK", ("seat", "card", "melds", "deadwood", "deadwood_points", "gin")),
    StoredForm(HandShown, "gW", ("seat", "melds", "layoffs", "deadwood", "deadwood_points")),
    StoredForm(HandEnded, "gE", ("hand", "reason", "results", "deck", "salt"), joined=("deck",)),
    StoredForm(GameEnded, "gO", ("winners", "totals", "reason", "points", "bonuses")),
    StoredForm(DeadlineSet, "S", ("seat", "deadline")),
    StoredForm(TurnTimedOut, "T", ("seat", "deadline")),
) + SEATS + DEALS  # the kernel's: seats (taking, resigning, forfeiting, aborting, extending), deals

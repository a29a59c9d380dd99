"""Play-by-mail turns, the same in every variant: the deadline events, the
command that applies a timeout, and the time format they share.

When a human seat's turn begins in a timed game, `DeadlineSet` records when it
must be finished; once that moment has passed, `TimeOut` appends `TurnTimedOut`
and the greedy bot plays the whole turn for the absent seat in the same batch
(domain/engine.py), so a timed-out turn is played exactly once however often
the check runs.
"""

from dataclasses import dataclass
from datetime import datetime, timezone

from .events import DUE
from .stored import StoredForm

REMINDER_AT = 0.8  # a reminder goes out when 80% of the time has passed


@dataclass(frozen=True, slots=True)
class DeadlineSet:
    """The seat to move must finish its turn by `deadline` (UTC ISO 8601)."""
    seat: int
    deadline: str
    move = False
    follows = (DUE,)


@dataclass(frozen=True, slots=True)
class TurnTimedOut:
    """The deadline passed: the greedy policy plays this turn for the absent seat."""
    seat: int
    deadline: str
    move = False


@dataclass(frozen=True, slots=True)
class TimeOut:
    """Apply the timeout of the turn that `deadline` was set for, if it is due."""
    deadline: str


#: stored as every variant stores them (kernel/stored.py), never changed
STORED = (
    StoredForm(DeadlineSet, "S", ("seat", "deadline")),
    StoredForm(TurnTimedOut, "T", ("seat", "deadline")),
)


def iso(moment: datetime) -> str:
    """UTC, to the millisecond: a one-second timeout must not lose a fraction to rounding."""
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))

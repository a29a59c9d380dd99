"""Fortune Rummy's rules options (docs/rules/fortune.md), declared once as typed
options (kernel/options.py) and held per game as `Rules`."""

from dataclasses import asdict, dataclass

from ..kernel.ending import MAX_HANDS, MAX_HANDS_OPTION
from ..kernel.options import Option, parse
from ..kernel.seats import OPTIONS as SEAT_OPTIONS

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DECKS = 2  # two 52-card decks shuffled together, whatever the table
HAND_SIZE = 11

OPTIONS = (
    Option("target_score", "integer", 500, "the game ends when a sole leader has at least this total",
           minimum=1, maximum=10**6),
    Option("hands", "integer", None, "play exactly this many hands instead of to the target",
           minimum=1, maximum=1000, nullable=True),
    Option("stock_renewals", "integer", 2,
           "how often a hand may turn the discard pile over as a new stock; a draw from an empty stock "
           "after that ends the hand (no one goes out)", minimum=0, maximum=20),
    MAX_HANDS_OPTION,
    Option("turn_timeout_s", "integer", None, "play by mail: seconds a human seat has for a turn",
           minimum=1, maximum=30 * 86400, nullable=True),
) + SEAT_OPTIONS


@dataclass(frozen=True, slots=True)
class Rules:
    target_score: int = 500
    hands: int | None = None
    max_hands: int = MAX_HANDS
    stock_renewals: int = 2
    turn_timeout_s: int | None = None
    on_timeout: str = "bot"  # kernel/seats.py: these three are every variant's
    extensions: int = 0
    extension_s: int = 86400
    rated: bool = True  # kernel/seats.py too

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> "Rules":
        """Rules from a (possibly partial) dict; unknown names and bad values are refused."""
        return cls(**parse(OPTIONS, data))

    def check(self) -> None:
        parse(OPTIONS, self.to_dict())

    def deck_count(self, players: int) -> int:
        return DECKS

"""Iceberg's rules options (the settings its rules page marks as options), declared
once as typed options (kernel/options.py) and held per game as `Rules`."""

from dataclasses import asdict, dataclass

from ..kernel.ending import MAX_HANDS, MAX_HANDS_OPTION
from ..kernel.options import Option, parse
from ..kernel.seats import OPTIONS as SEAT_OPTIONS

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ACE_RULES = ("multiplier", "bonus")
DECKS = ("auto", 1, 2)

OPTIONS = (
    Option("ace_rule", "choice", "multiplier", "how aces count at the end of a hand", choices=ACE_RULES),
    Option("target_score", "integer", 5000, "the game ends when a sole leader has at least this total",
           minimum=1, maximum=10**6),
    Option("decks", "choice", "auto", "52-card decks: auto is one for 2-3 players, two for 4-6", choices=DECKS),
    Option("hands", "integer", None, "play exactly this many hands instead of to the target",
           minimum=1, maximum=1000, nullable=True),
    MAX_HANDS_OPTION,
    Option("turn_timeout_s", "integer", None, "play by mail: seconds a human seat has for a turn",
           minimum=1, maximum=30 * 86400, nullable=True),
) + SEAT_OPTIONS


@dataclass(frozen=True, slots=True)
class Rules:
    ace_rule: str = "multiplier"
    target_score: int = 5000
    decks: str | int = "auto"
    hands: int | None = None
    max_hands: int = MAX_HANDS
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
        """`auto` is one deck for 2-3 players, two for 4-6; any count fits 2-6."""
        if self.decks == "auto":
            return 1 if players <= 3 else 2
        return int(self.decks)

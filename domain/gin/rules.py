"""Gin's rules options (docs/rules/gin.md), declared once as typed options
(kernel/options.py) and held per game as `Rules`.

The defaults are the rules of docs/VARIANTS.md ("Gin"): knock at 10 or less,
gin bonus 20, undercut bonus 10, game to 100 with a game bonus of 100, another
100 for a shutout, a line bonus of 20 per hand won. `max_hands` makes every
game end (API.md, "Limits and conventions"); `turn_timeout_s` is play by mail.
"""

from dataclasses import asdict, dataclass

from ..kernel.options import Option, parse
from ..kernel.seats import OPTIONS as SEAT_OPTIONS

MIN_PLAYERS = MAX_PLAYERS = 2

OPTIONS = (
    Option("target_score", "integer", 100, "the game ends when a player's hand points reach this total",
           minimum=1, maximum=10**6),
    Option("max_hands", "integer", 100, "the game also ends after this many hands (dead hands count)",
           minimum=1, maximum=1000),
    Option("knock_limit", "integer", 10, "a knock is allowed with at most this much deadwood (0: gin only)",
           minimum=0, maximum=10),
    Option("gin_bonus", "integer", 20, "bonus to a player who knocks with no deadwood",
           minimum=0, maximum=1000),
    Option("undercut_bonus", "integer", 10, "bonus to the defender when the knocker's deadwood is not lower",
           minimum=0, maximum=1000),
    Option("game_bonus", "integer", 100, "bonus to the player who reaches the target score",
           minimum=0, maximum=10000),
    Option("shutout_bonus", "integer", 100, "another bonus when the opponent scored no points in the game",
           minimum=0, maximum=10000),
    Option("line_bonus", "integer", 20, "bonus to each player for every hand they won, at the end of the game",
           minimum=0, maximum=1000),
    Option("turn_timeout_s", "integer", None, "play by mail: seconds a human seat has for a turn",
           minimum=1, maximum=30 * 86400, nullable=True),
) + SEAT_OPTIONS


@dataclass(frozen=True, slots=True)
class Rules:
    target_score: int = 100
    max_hands: int = 100
    knock_limit: int = 10
    gin_bonus: int = 20
    undercut_bonus: int = 10
    game_bonus: int = 100
    shutout_bonus: int = 100
    line_bonus: int = 20
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
        return 1

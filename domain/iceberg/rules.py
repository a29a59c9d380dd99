"""Iceberg's rules options (the settings its rules page marks as options), declared
once as typed options (kernel/options.py) and held per game as `Rules`."""

from ..kernel import rules
from ..kernel.options import Option

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ACE_RULES = ("multiplier", "bonus")
DECKS = ("auto", 1, 2)

OPTIONS = (
    Option("ace_rule", "choice", "multiplier", "how aces count at the end of a hand", choices=ACE_RULES),
    rules.target(5000),
    Option("decks", "choice", "auto", "52-card decks: auto is one for 2-3 players, two for 4-6", choices=DECKS),
) + rules.BY_HANDS


@rules.typed(OPTIONS)
class Rules(rules.Rules):
    def deck_count(self, players: int) -> int:
        """`auto` is one deck for 2-3 players, two for 4-6; any count fits 2-6."""
        if self.decks == "auto":
            return 1 if players <= 3 else 2
        return int(self.decks)

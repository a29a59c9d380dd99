"""Conquian's rules options (docs/rules/conquian.md), declared once as typed
options (kernel/options.py) and held per game as `Rules`."""

from dataclasses import replace

from ..kernel import rules
from ..kernel.options import Option
from .cards import PACK

MIN_PLAYERS = MAX_PLAYERS = 2
CARRY, DOUBLE, NONE = "carry", "double", "none"  # what the drawn hands before a win add to its stake

OPTIONS = (
    Option("upcard", "boolean", True,
           "deal[20] is turned up as the first exposed card, offered to the non-dealer and then the dealer "
           "(false: the non-dealer turns the top stock card instead)"),
    Option("forcing", "boolean", True,
           "a player who declines a card that lays off on one of their own melds may be forced by the opponent "
           "to take it"),
    Option("draw_stakes", "choice", CARRY,
           "a win after k drawn hands scores 1 + k (carry), 2^k (double) or 1 (none)",
           choices=(CARRY, DOUBLE, NONE)),
    rules.target(1, "the game ends when a player's total reaches this (1: each deal is a game)"),
    replace(rules.MAX_HANDS_OPTION, doc="the game also ends after this many hands (drawn hands count), "
                                        "the highest total winning and ties sharing"),
) + rules.EVERY_GAME


@rules.typed(OPTIONS)
class Rules(rules.Rules):
    """Dealt from the 40-card pack; played to the target (there is no `hands` option)."""

    def pack(self, players: int) -> tuple[str, ...]:
        return PACK

    @property
    def hands(self) -> None:
        """No fixed number of hands: the kernel's end of a scoring game (kernel/ending.py) plays to the target."""
        return None

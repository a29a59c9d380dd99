"""Gin's rules options (docs/rules/gin.md), declared once as typed options
(kernel/options.py) and held per game as `Rules`.

The defaults are the rules of docs/VARIANTS.md ("Gin"): knock at 10 or less,
gin bonus 20, undercut bonus 10, game to 100 with a game bonus of 100, another
100 for a shutout, a line bonus of 20 per hand won. `max_hands` makes every
game end (API.md, "Limits and conventions"); `turn_timeout_s` is play by mail.
"""

from dataclasses import replace

from ..kernel import rules
from ..kernel.options import Option

MIN_PLAYERS = MAX_PLAYERS = 2


def _bonus(name: str, default: int, doc: str, most: int = 1000) -> Option:
    return Option(name, "integer", default, doc, minimum=0, maximum=most)


OPTIONS = (
    rules.target(100, "the game ends when a player's hand points reach this total"),
    replace(rules.MAX_HANDS_OPTION, doc="the game also ends after this many hands (dead hands count)"),
    Option("knock_limit", "integer", 10, "a knock is allowed with at most this much deadwood (0: gin only)",
           minimum=0, maximum=10),
    _bonus("gin_bonus", 20, "bonus to a player who knocks with no deadwood"),
    _bonus("undercut_bonus", 10, "bonus to the defender when the knocker's deadwood is not lower"),
    _bonus("game_bonus", 100, "bonus to the player who reaches the target score", most=10000),
    _bonus("shutout_bonus", 100, "another bonus when the opponent scored no points in the game", most=10000),
    _bonus("line_bonus", 20, "bonus to each player for every hand they won, at the end of the game"),
) + rules.EVERY_GAME


@rules.typed(OPTIONS)
class Rules(rules.Rules):
    """Gin is dealt from one deck (the base's `deck_count`)."""

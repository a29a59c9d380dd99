"""Manipulation Rummy's rules options (docs/rules/manipulation.md), declared
once as typed options (kernel/options.py) and held per game as `Rules`."""

from ..kernel import rules
from ..kernel.cards import full_pack
from ..kernel.options import Option

MIN_PLAYERS, MAX_PLAYERS = 3, 5
DECKS = 2  # two 52-card decks, no jokers: 104 cards
HAND_SIZE = 7
UNTIL_ABLE, ONE = "until_able", "one"

OPTIONS = (
    Option("draw_rule", "choice", UNTIL_ABLE,
           "a seat that cannot play draws until it can and then plays (until_able), or draws one card and its "
           "turn ends (one)", choices=(UNTIL_ABLE, ONE)),
    Option("own_opening", "boolean", False,
           "a seat's first play of a hand is new melds from its own hand only, the table untouched"),
    rules.target(200, "the game ends after the hand in which a total reaches this; the lowest total wins"),
) + rules.BY_HANDS


@rules.typed(OPTIONS)
class Rules(rules.Rules):
    def deck_count(self, players: int) -> int:
        return DECKS

    def pack(self, players: int) -> tuple[str, ...]:
        """Two whole decks in canonical order, whatever the table."""
        return full_pack(DECKS)

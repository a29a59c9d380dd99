"""Kalooki's rules options (docs/rules/kalooki.md), declared once as typed
options (kernel/options.py) and held per game as `Rules`; its 108-card pack."""

from ..kernel import rules
from ..kernel.cards import full_pack
from ..kernel.options import Option

MIN_PLAYERS, MAX_PLAYERS = 2, 6
JOKER = "JK"
JOKERS = 4
ELIMINATION, COLLECT = "elimination", "collect"

OPTIONS = (
    Option("initial_meld", "integer", 51,
           "what the melds of a seat's opening must be worth together (0: any opening)", minimum=0, maximum=1000),
    Option("ace_low", "boolean", False, "an ace may also start a run below the 2 (A-2-3, worth 1); never K-A-2"),
    Option("swapped_joker_must_be_played", "boolean", False,
           "a joker swapped off the table must be melded or laid off in the same turn, before the discard"),
    Option("scoring", "choice", ELIMINATION,
           "elimination: each seat adds its own penalty, and a seat above elimination_score is out; "
           "collect: the seat that went out scores the others' penalties, first to target_score wins",
           choices=(ELIMINATION, COLLECT)),
    Option("elimination_score", "integer", 150, "elimination: a seat whose total exceeds this is out of the game",
           minimum=1, maximum=10**6),
    rules.target(250, "collect: the game ends when a seat's total reaches this"),
    rules.HANDS,
    Option("stock_renewals", "integer", 1,
           "how often a hand may turn the whole discard pile over as a new stock; a draw from an empty stock "
           "after that ends the hand dead (nobody scores)", minimum=0, maximum=20),
    rules.MAX_HANDS_OPTION,
) + rules.EVERY_GAME


@rules.typed(OPTIONS)
class Rules(rules.Rules):
    def deck_count(self, players: int) -> int:
        return 2

    def pack(self, players: int) -> tuple[str, ...]:
        """Two 52-card decks and four jokers, in canonical order."""
        return full_pack(2) + (JOKER,) * JOKERS


def deal_size(seats_in: int) -> int:
    """Cards dealt to each seat still in the game: 15 with 2-4, 13 with 5, 11 with 6."""
    return {5: 13, 6: 11}.get(seats_in, 15)

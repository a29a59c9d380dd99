"""Basic Rummy's rules options (docs/rules/rummy.md): pagat's basic game by
default, and each variation the source text lists as an option that is off by
default. Declared once as typed options (kernel/options.py), held per game as
`Rules`."""

from ..kernel import rules
from ..kernel.errors import InvalidRules
from ..kernel.options import Option

MIN_PLAYERS, MAX_PLAYERS = 2, 6
COLLECT, PENALTY = "collect", "penalty"
NO_BONUS, PLUS10, DOUBLE = "none", "plus10", "double"
ANY = "any"


def hand_size(players: int) -> int:
    """Cards dealt to each seat: 10 with two players, 7 with three or four, 6 with five or six."""
    return 10 if players == 2 else 7 if players <= 4 else 6


OPTIONS = (
    Option("melds_per_turn", "choice", 1, "new melds a seat may lay in one turn: 1, or \"any\" number",
           choices=(1, ANY)),
    Option("layoff_after_own_meld", "boolean", False,
           "a seat may lay off only while it has a meld of its own on the table"),
    Option("rummy_bonus", "choice", NO_BONUS,
           "going out with no meld or lay-off in an earlier turn of the hand adds 10 (plus10) or doubles "
           "the score (double); needs collect scoring", choices=(NO_BONUS, PLUS10, DOUBLE)),
    Option("discard_to_go_out", "boolean", False,
           "going out needs a final discard: a hand emptied by melding or laying off plays on, "
           "drawing from the stock only"),
    Option("scoring", "choice", COLLECT,
           "collect: who goes out scores the others' hands (highest total wins); penalty: each other seat "
           "scores its own hand (lowest total wins)", choices=(COLLECT, PENALTY)),
    rules.target(100, "the game ends after the hand in which a total reaches this"),
    rules.HANDS,
    Option("stock_renewals", "integer", 1,
           "how often a hand may turn the whole discard pile over as a new stock; a draw from an empty "
           "stock after that ends the hand dead (exhausted)", minimum=0, maximum=20),
    rules.MAX_HANDS_OPTION,
) + rules.EVERY_GAME


@rules.typed(OPTIONS)
class Rules(rules.Rules):
    @classmethod
    def from_dict(cls, data: dict | None) -> "Rules":
        made = super(Rules, cls).from_dict(data)
        made.check()
        return made

    def check(self) -> None:
        super(Rules, self).check()
        if self.scoring == PENALTY and self.rummy_bonus != NO_BONUS:
            raise InvalidRules("rummy_bonus rewards a scorer: it needs scoring \"collect\"")

    @property
    def melds_limit(self) -> int | None:
        """New melds a seat may lay in a turn (None: any number)."""
        return None if self.melds_per_turn == ANY else self.melds_per_turn

"""Gin rummy (docs/rules/gin.md, docs/VARIANTS.md "Gin"): two players, one
52-card deck, the ace low; melds of a rank (3 or 4 cards) or of a suit in
sequence (3+ cards); knocking at 10 deadwood or less, gin at 0, lay-offs by the
defender, undercuts, the wall; a game to 100 with game, shutout and line bonuses.

Modules: cards, melds and deadwood (the exact solvers), rules (options),
commands, events, stored (their stored form), state, decide and evolve,
scoring, actions (legal actions), views (what a seat sees), bots, public (what
the API shows, and where every card is), transcript, snapshot.
"""

from ..kernel.variant import Hidden, Variant
from . import public
from .actions import legal_actions
from .bots import POLICIES
from .bots.standing import standing
from .bots.surprise import surprise
from .commands import ACTIONS
from .decide import run
from .events import CardDiscarded, HandStarted, Knocked, UpcardPassed
from .evolve import evolve
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import ended_early
from .snapshot import SNAPSHOTS
from .state import INITIAL
from .stored import STORED
from .transcript import TELLING
from .views import hide, see

VARIANT = Variant(
    name="gin", title="Gin", players=(MIN_PLAYERS, MAX_PLAYERS), rules_type=Rules, initial=INITIAL,
    commands=ACTIONS, events=STORED, decide=run, evolve=evolve,
    # a new seat's turn begins: the deal (the non-dealer), a pass (the other seat),
    # a discard (the next seat), a knock (the defender answers)
    starts_turn=frozenset({HandStarted, UpcardPassed, CardDiscarded, Knocked}),
    legal_actions=legal_actions, see=see, bots=POLICIES,
    public=public.public, private=public.private, replay_state=public.replay_state, telling=TELLING,
    # a card drawn from the stock is its taker's; one taken from the discard pile was face up,
    # so everyone sees it; the knock's face-down discard is the knocker's until the hand ends
    hidden={"CardDrawn": Hidden("card", "seat", unless=("from", "discard")), "Knocked": Hidden("card", "seat")},
    snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data), cards_in_play=public.cards_in_play,
    end_game=ended_early,  # its GameEnded has the points and bonuses
    standing=standing, hide=hide, surprise=surprise,
)

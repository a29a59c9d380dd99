"""Fortune Rummy (Howard Fosdick after John Scarne), a scoring rummy for 2-8
players with two decks, wild deuces and a 50-point queen of spades: its rules
(docs/rules/fortune.md) as a variant of the registry.

Modules: rules (options), commands, events, stored, state, decide and evolve,
melds (roles, shapes, points), solver (the exact meld-points solver), scoring,
actions (legal actions), views, bots, public (what the API shows, and where
every card is), transcript, snapshot.
"""

from ..kernel.expert.search import Settings
from ..kernel.variant import Hidden, Variant
from . import public
from .actions import legal_actions
from .bots import POLICIES
from .bots.standing import standing
from .commands import ACTIONS
from .decide import run
from .events import CardDiscarded, HandStarted
from .evolve import evolve
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .snapshot import SNAPSHOTS
from .state import INITIAL
from .stored import STORED
from .transcript import TELLING
from .views import see

VARIANT = Variant(
    name="fortune", title="Fortune Rummy", players=(MIN_PLAYERS, MAX_PLAYERS), rules_type=Rules, initial=INITIAL,
    commands=ACTIONS, events=STORED, decide=run, evolve=evolve,
    starts_turn=frozenset({CardDiscarded, HandStarted}),
    legal_actions=legal_actions, see=see, bots=POLICIES,
    public=public.public, private=public.private, replay_state=public.replay_state, telling=TELLING,
    hidden={"CardDrawn": Hidden("card", "seat")},  # a card drawn from the stock is its taker's
    snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data), cards_in_play=public.cards_in_play,
    stand_ins=("wild", "as", "roles"),  # what a deuce stands for (its meld's shape: its roles)
    standing=standing,
    # every candidate searched a third of the budget, the better half a third more, and the best kept at half
    # a standard error: some 1.7 times the default's gain over greedy's choices (bench/regret.py, docs/bots.md)
    search=Settings(confidence=0.5, stages=(1 / 3, 2 / 3)),
)

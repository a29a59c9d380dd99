"""Iceberg (Gordon Bower, 1997), the scoring rummy this engine began with:
its rules (docs/rules/iceberg.md) as a variant of the registry.

Modules: rules (options), commands, events, stored (their stored form), state,
decide and evolve, melds and playable (the exact end-of-hand solver), scoring,
actions (legal actions), views (what a seat sees), bots, public (what the API
shows, and where every card is), transcript (its hand in words), snapshot.
"""

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
from .views import hide, see

VARIANT = Variant(
    name="iceberg", title="Iceberg", players=(MIN_PLAYERS, MAX_PLAYERS), rules_type=Rules, initial=INITIAL,
    commands=ACTIONS, events=STORED, decide=run, evolve=evolve,
    starts_turn=frozenset({CardDiscarded, HandStarted}),
    legal_actions=legal_actions, see=see, bots=POLICIES,
    public=public.public, private=public.private, replay_state=public.replay_state, telling=TELLING,
    # the card drawn or picked up is its taker's; the card passed face down, its passer's
    hidden={"CardDrawn": Hidden("card", "seat"), "CardPickedUp": Hidden("card", "seat"),
            "CardDiscarded": Hidden("card", "seat")},
    snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data), cards_in_play=public.cards_in_play,
    standing=standing, horizon=2, hide=hide,
)

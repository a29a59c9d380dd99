"""Iceberg (Gordon Bower, 1997), the scoring rummy this engine began with:
its rules (docs/rules/iceberg.md) as a variant of the registry.

Modules: rules (options), commands, events, stored (their stored form), state,
decide and evolve, melds and playable (the exact end-of-hand solver), scoring,
actions (legal actions), views (what a seat sees), bots, public (what the API
shows), transcript, snapshot.
"""

from ..kernel.deciding import ended_early
from ..kernel.variant import Hidden, Variant
from . import public as _public
from .actions import legal_actions
from .bots import POLICIES
from .commands import ACTIONS
from .decide import run
from .events import CardDiscarded, GameEnded, HandStarted
from .evolve import evolve
from .rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, Rules
from .snapshot import from_data as _snapshot_from_data
from .snapshot import to_data as _snapshot_to_data
from .state import INITIAL
from .stored import STORED
from .transcript import narrate, transcript
from .views import see

VARIANT = Variant(
    name="iceberg",
    title="Iceberg",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options=OPTIONS,
    rules=Rules.from_dict,
    initial=INITIAL,
    commands=ACTIONS,
    events=STORED,
    decide=run,
    evolve=evolve,
    starts_turn=frozenset({CardDiscarded, HandStarted}),
    legal_actions=legal_actions,
    see=see,
    bots=POLICIES,
    public=_public.public,
    private=_public.private,
    replay_state=_public.replay_state,
    transcript=transcript,
    narrate=narrate,
    # the card drawn or picked up is its taker's; the card passed face down, its passer's
    hidden={"CardDrawn": Hidden("card", "seat"), "CardPickedUp": Hidden("card", "seat"),
            "CardDiscarded": Hidden("card", "seat")},
    sealed={"HandStarted": ("deck", "salt")},
    snapshot=(_snapshot_to_data, _snapshot_from_data),
    end_game=ended_early(GameEnded),
)

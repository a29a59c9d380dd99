"""Fortune's Variant record (domain/kernel/variant.py), built from its modules."""

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
    name="fortune",
    title="Fortune Rummy",
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
    # a card drawn from the stock is its taker's; everything else is public
    hidden={"CardDrawn": Hidden("card", "seat")},
    sealed={"HandStarted": ("deck", "salt")},
    snapshot=(_snapshot_to_data, _snapshot_from_data),
    end_game=ended_early(GameEnded),
)

"""Basic Rummy (docs/rules/rummy.md, MORE_VARIANTS.md "Rummy"): 2-6 players,
one 52-card deck, the ace low; sets of 3-4 and runs of 3+, lay-offs on any
meld, one new meld a turn; the hand ends when a hand is empty, the seat that
went out collecting the others' card values (or, under penalty scoring, each
other seat scoring its own); every variation of the source text an option.

Modules: rules (options), commands, events, stored, state, decide and evolve,
melds, scoring, actions (legal actions), views, bots, public (what the API
shows, and where every card is), transcript, snapshot, errors.
"""

from ..kernel.variant import Hidden, Variant
from . import public
from .actions import legal_actions
from .bots import POLICIES
from .bots.standing import standing
from .commands import ACTIONS
from .decide import run
from .events import CardDiscarded, HandStarted, TurnEndedEmptyHanded
from .evolve import evolve
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .snapshot import SNAPSHOTS
from .state import INITIAL
from .stored import STORED
from .transcript import TELLING
from .views import see

VARIANT = Variant(
    name="rummy", title="Rummy", players=(MIN_PLAYERS, MAX_PLAYERS), rules_type=Rules, initial=INITIAL,
    commands=ACTIONS, events=STORED, decide=run, evolve=evolve,
    starts_turn=frozenset({HandStarted, CardDiscarded, TurnEndedEmptyHanded}),
    legal_actions=legal_actions, see=see, bots=POLICIES,
    public=public.public, private=public.private, replay_state=public.replay_state, telling=TELLING,
    # a card drawn from the stock is its taker's; one taken from the discard pile was face up there
    hidden={"CardDrawn": Hidden("card", "seat", unless=("from", "discard"))},
    snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data), cards_in_play=public.cards_in_play,
    # a hand is won by the value of the cards left (the fewer the better, whichever the scoring)
    merit=lambda result: -result.value,
    standing=standing,
)

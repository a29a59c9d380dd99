"""Kalooki, the British rummy of 2-6 players with two decks and four jokers, an
opening worth 51 and elimination above 150: its rules (docs/rules/kalooki.md)
as a variant of the registry.

Modules: rules (options, pack, deal sizes), commands, events, stored, state,
decide and evolve (the stock's renewal and the taken card are kernel/piles.py),
melds (roles, shapes, values, penalties), solver (the exact opening solver), plays (the
canonical melds, lay-offs and swaps), scoring, actions (legal actions), views,
bots, public (what the API shows, and where every card is), transcript,
snapshot.
"""

from ..kernel.variant import Hidden, Variant
from . import public
from .actions import legal_actions
from .bots import POLICIES
from .bots.standing import standing
from .commands import ACTIONS, declared
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
    name="kalooki", title="Kalooki", players=(MIN_PLAYERS, MAX_PLAYERS), rules_type=Rules, initial=INITIAL,
    commands=ACTIONS, events=STORED, decide=run, evolve=evolve,
    starts_turn=frozenset({CardDiscarded, HandStarted}),
    legal_actions=legal_actions, see=see, bots=POLICIES,
    public=public.public, private=public.private, replay_state=public.replay_state, telling=TELLING,
    # a card drawn from the stock is its taker's; one taken from the pile was face up
    hidden={"CardDrawn": Hidden("card", "seat", unless=("from", "discard"))},
    snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data), cards_in_play=public.cards_in_play,
    stand_ins=("wild", "as", "roles", "stand_in"),  # what a joker stands for (its meld's roles)
    declared=declared,  # any opening a person declared, read back from its events for the audit
    # a hand is won by the penalty of the cards left (the lower the better, whichever the scoring)
    merit=lambda result: -result.penalty,
    standing=standing,
)

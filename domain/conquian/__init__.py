"""Conquian (MORE_VARIANTS.md "Conquian", docs/rules/conquian.md): two players,
40 cards (no 8, 9 or 10), 7 and J adjacent; each player melds only in front
of themselves, and only by taking the exposed card at once (the upcard, the
opponent's discard, a stock card turned): the whole new split of their melds
is declared with each take. A declined card is turned down and the next stock
card turned; a declined card that lays off on the decliner's melds may be
forced on them. Eleven cards melded win the hand; a decline with the stock
empty draws it, and drawn hands raise the next win's stake.

Modules: cards, melds, search (the exact search for takes), rules (options),
commands, events, stored, state, decide and evolve, scoring, actions (legal
actions), views, bots, public (what the API shows, and where every card is),
transcript, snapshot.
"""

from ..kernel.variant import Variant
from . import public
from .actions import legal_actions
from .bots import POLICIES
from .bots.standing import standing
from .commands import ACTIONS
from .decide import run
from .events import CardDeclined, CardDiscarded, CardForced, CardLeft, ForceWaived, HandStarted, UpcardPassed
from .evolve import evolve
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .snapshot import SNAPSHOTS
from .state import INITIAL
from .stored import STORED
from .transcript import TELLING
from .views import see

VARIANT = Variant(
    name="conquian", title="Conquian", players=(MIN_PLAYERS, MAX_PLAYERS), rules_type=Rules, initial=INITIAL,
    commands=ACTIONS, events=STORED, decide=run, evolve=evolve,
    # a seat's turn begins: the deal (the non-dealer), a pass (the other seat), a discard or a card left (the
    # opponent), a forced card or a waived force (the decliner again), and a decline: a forceable one hands
    # the turn to the opponent to answer; any other turns a fresh card for the decliner (a new deadline for it)
    starts_turn=frozenset({HandStarted, UpcardPassed, CardDiscarded, CardLeft, CardDeclined, CardForced,
                           ForceWaived}),
    legal_actions=legal_actions, see=see, bots=POLICIES,
    public=public.public, private=public.private, replay_state=public.replay_state, telling=TELLING,
    hidden={},  # every card that moves after the deal is face up; the deck and salt are sealed (the default)
    snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data), cards_in_play=public.cards_in_play,
    standing=standing,
)

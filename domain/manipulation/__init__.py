"""Manipulation Rummy ([K], gamerules.com's Manipulation): 3-5 players, two
decks, no jokers, no discard pile; the table is one pool of melds that any
seat rearranges at will, as long as it adds at least one card of its own and
every table card stays in a valid meld. Its rules: docs/rules/manipulation.md.

Modules: rules (options), commands, events, stored, state, decide and evolve,
melds (meld shapes, the canonical table, penalties), solver (the exact best
play, a dynamic programme over ranks), play (judging a submitted table),
moves (simple plays), scoring, actions (legal actions), views, bots, public
(what the API shows, and where every card is), transcript, snapshot.
"""

from ..kernel.variant import Hidden, Variant
from . import public
from .actions import legal_actions
from .bots import POLICIES
from .bots.standing import standing
from .commands import ACTIONS
from .decide import run
from .events import CardDrawn, HandStarted, TableRearranged, TurnPassed
from .evolve import evolve
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import end_game
from .snapshot import SNAPSHOTS
from .state import INITIAL
from .stored import STORED
from .transcript import TELLING
from .views import see

VARIANT = Variant(
    name="manipulation", title="Manipulation Rummy", players=(MIN_PLAYERS, MAX_PLAYERS), rules_type=Rules,
    initial=INITIAL, commands=ACTIONS, events=STORED, decide=run, evolve=evolve,
    # a turn begins after a CardDrawn under draw_rule "one"; under "until_able" the seat that drew plays on
    # after its draws, with a deadline of its own for the play (docs/rules/manipulation.md)
    starts_turn=frozenset({HandStarted, TableRearranged, TurnPassed, CardDrawn}),
    legal_actions=legal_actions, see=see, bots=POLICIES,
    public=public.public, private=public.private, replay_state=public.replay_state, telling=TELLING,
    hidden={"CardDrawn": Hidden("card", "seat")},  # a card drawn from the stock is its taker's
    snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data), cards_in_play=public.cards_in_play, end_game=end_game,
    # a hand is won by the penalty (the lowest total wins)
    merit=lambda result: -result.penalty,
    standing=standing,
)

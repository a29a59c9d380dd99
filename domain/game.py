"""The Game aggregate's entry point: one command, all its consequences.

`play` decides a command and, when the hand it ends leaves the game going on,
deals the next hand in the same batch, taking the deck from `dealer` (an input,
so that deciding stays pure and a log never depends on a random generator).
"""

from .commands import StartHand
from .deals import Deal, random_deal
from .decide import run
from .state import GameState


def play(state: GameState, command, dealer=random_deal) -> tuple[list, GameState]:
    """(events, new state) for `command`; `dealer(decks) -> Deal` deals hands."""
    events, state = run(state, command)
    if state.needs_deal:
        deal: Deal = dealer(state.decks)
        more, state = run(state, StartHand(deal.deck, deal.salt))
        events = events + more
    return events, state

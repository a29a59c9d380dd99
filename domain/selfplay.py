"""Bots playing a whole game in process: for benchmarks and property tests.

Everything is seeded (the policies' generator and every deal), so a seed names a
game exactly.
"""

import random

from .bots import POLICIES
from .commands import CreateGame, Player
from .deals import seeded_deal
from .game import play
from .rules import Rules
from .state import FINISHED, INITIAL
from .views import see


def seeded_dealer(rng: random.Random):
    return lambda decks: seeded_deal(decks, rng.randbytes(32))


def bot_game(policies, rules: Rules, seed: int, on_step=None, max_actions=1_000_000):
    """Play a game of bots to its end; returns the final state.

    `on_step(command, events, state)` is called after every command, with the
    events it appended and the state after them.
    """
    rng = random.Random(seed)
    dealer = seeded_dealer(rng)
    players = tuple(Player(f"P{i}", bot=name) for i, name in enumerate(policies))
    events, state = play(INITIAL, CreateGame(players, rules), dealer)
    if on_step:
        on_step(None, events, state)
    choosers = [POLICIES[name] for name in policies]
    for _ in range(max_actions):
        if state.status == FINISHED:
            return state
        seat = state.hand.turn
        command = choosers[seat](see(state, seat), rng)
        events, state = play(state, command, dealer)
        if on_step:
            on_step(command, events, state)
    raise RuntimeError(f"game of seed {seed} did not end within {max_actions} actions")

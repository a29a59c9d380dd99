"""Bots playing a whole game in process, through the engine's one entry point:
for benchmarks and property tests.

Everything is seeded (the policies' generator and every deal), so a seed names
a game exactly. The clock is a fixed moment: bots have no deadlines, so the
time never changes what they play.
"""

import random
from datetime import datetime, timezone

from . import registry
from .engine import play
from .kernel.deals import seeded_deal
from .kernel.players import CreateGame, Player

START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def seeded_dealer(rng: random.Random):
    return lambda pack: seeded_deal(pack, rng.randbytes(32))


def seated(policies, rules, dealer, variant: str):
    """A new game with the bot `policies[i]` in seat i: (the events that made it,
    its state, each seat's policy, each seat's view function), the policies and
    views looked up once (the loops that play the game are what benchmarks time)."""
    players = tuple(Player(f"P{i}", bot=name) for i, name in enumerate(policies))
    events, state = play(None, CreateGame(players, rules, variant), dealer, START)
    rules_of = registry.named(variant)
    return events, state, [rules_of.bots[name] for name in policies], [rules_of.view_for(name) for name in policies]


def bot_game(policies, rules, seed: int, on_step=None, max_actions=1_000_000, variant: str = "iceberg"):
    """Play a game of bots to its end; returns the final state.

    `on_step(command, events, state)` is called after every command, with the
    events it appended and the state after them.
    """
    rng = random.Random(seed)
    dealer = seeded_dealer(rng)
    events, state, choosers, seers = seated(policies, rules, dealer, variant)
    if on_step:
        on_step(None, events, state)
    for _ in range(max_actions):
        seat = state.turn_seat
        if seat is None:
            return state
        command = choosers[seat](seers[seat](state, seat), rng)
        events, state = play(state, command, dealer, START)
        if on_step:
            on_step(command, events, state)
    raise RuntimeError(f"game of seed {seed} did not end within {max_actions} actions")

"""Bot turns: the job plays the bot's whole turn, one appended action at a time.

The job carries the version it was enqueued for and does nothing if the game is
elsewhere; every append expects the version it decided on. So a job that runs
twice, late, or after a worker died half-way through a turn cannot play a move
twice: the loser of any race finds the game moved on and stops. The sweeper
enqueues a fresh job for a bot turn left unfinished.
"""

import random
import time

from domain.bots import POLICIES
from domain.deals import random_deal
from domain.events import HandStarted
from domain.game import play
from domain.views import see
from service.jobs import bot_to_move
from service.store import Loaded

from .append import append
from .context import context


def play_bot_turn(game_id: str, version: int) -> str:
    ctx = context()
    loaded: Loaded = ctx.store.load(game_id)
    if loaded.state.version != version:
        return "moved on"
    seat = bot_to_move(loaded.state)
    if seat is None:
        return "no bot to move"
    before, played = loaded.state, []
    policy = POLICIES[before.players[seat].bot]
    # seeded by game and version: a re-run makes the same choices
    rng = random.Random(f"{game_id}:{version}")
    state = before
    while bot_to_move(state) == seat:
        if played and ctx.config.bot_pause_s:
            time.sleep(ctx.config.bot_pause_s)
        command = policy(see(state, seat), rng)
        events, state = play(state, command, random_deal)
        result = append(ctx, game_id, loaded, events, state, f"b{seat}")
        if result is None:
            return "moved on"
        loaded, events = result
        state = loaded.state
        played += events
        if any(isinstance(e, HandStarted) for e in events):
            break  # the hand ended: the next hand's first turn is another job
    ctx.jobs.after_append(game_id, before, state, played)
    return f"played {len(played)} events"

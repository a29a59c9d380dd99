"""Bot turns: the job guards (the game is still at the version it was made
for, and a bot is to move) and has the application service play the bot's
whole turn, one appended action at a time.

Every append expects the version it decided on, so a job that runs twice,
late, or after a worker died half-way through a turn cannot play a move
twice: the loser of any race finds the game moved on and stops. The sweeper
enqueues a fresh job for a bot turn left unfinished.
"""

import random
import time

from domain.deadlines import bot_to_move
from domain.engine import bot_move
from domain.kernel.expert import policy as expert_policy

from .context import context


def play_bot_turn(game_id: str, version: int) -> str:
    ctx = context()
    loaded = ctx.repository.load(game_id)
    if loaded.state.version != version:
        return "moved on"
    seat = bot_to_move(loaded.state)
    if seat is None:
        return "no bot to move"
    # seeded by game and version: a re-run makes the same choices (the expert's, too, when its search
    # gets as far: it stops at its time budget)
    rng = random.Random(f"{game_id}:{version}")
    expert_policy.configure(think_ms=ctx.config.bot_think_ms)
    pause = ctx.config.bot_pause_s
    outcome = ctx.commands.play_turn(game_id, loaded, lambda state: bot_move(state, rng), f"b{seat}",
                                     between=(lambda: time.sleep(pause)) if pause else None)
    if outcome is None:
        return "moved on"
    return f"played {len(outcome.events)} events"

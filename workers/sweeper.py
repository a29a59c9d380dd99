"""The sweeper: a periodic job that repairs lost follow-ups.

A game whose version has not moved since the previous sweep, with a bot to move,
gets a fresh bot job (the process may have died between the append and the
enqueue, or in the middle of a turn); an overdue deadline gets its check. Extra
jobs are harmless: they expect a version and stop if the game moved on. The
sweep schedules its own next run.
"""

import time

from domain.deadlines import bot_to_move, human_to_move
from domain.kernel.turns import parse
from service.store.errors import GameNotFound

from .context import context


def sweep() -> str:
    ctx = context()
    repaired = 0
    try:
        for game_id in ctx.active.all():
            try:
                state = ctx.repository.load(game_id).state
            except GameNotFound:
                ctx.active.remove(game_id)
                continue
            if state.status == "finished":
                ctx.active.remove(game_id)
                continue
            if ctx.active.last_swept(game_id) == state.version:
                repaired += _repair(ctx, game_id, state)
            ctx.active.swept(game_id, state.version)
    finally:
        ctx.jobs.sweep(ctx.config.sweep_s)
    return f"repaired {repaired}"


def _repair(ctx, game_id, state) -> int:
    if bot_to_move(state) is not None:
        ctx.jobs.bot_turn(game_id, state.version, suffix=f"-sweep{int(time.time())}")
        return 1
    deadline = state.deadline
    if deadline and human_to_move(state) is not None and ctx.clock() >= parse(deadline):
        ctx.jobs.deadline_now(game_id, deadline)
        return 1
    return 0

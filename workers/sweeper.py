"""The sweeper: a periodic job that repairs lost follow-ups.

A game whose version has not moved since the previous sweep, with a bot to move,
gets a fresh bot job (the process may have died between the append and the
enqueue, or in the middle of a turn); an overdue deadline gets its check. Extra
jobs are harmless: they expect a version and stop if the game moved on. The
sweep schedules its own next run.
"""

import time

from domain.deadlines import human_to_move, parse
from domain.state import FINISHED
from service.jobs import ACTIVE, bot_to_move
from service.store import GameNotFound

from .context import context

SEEN = "iceberg:sweep"


def sweep() -> str:
    ctx = context()
    redis, repaired = ctx.store.redis, 0
    try:
        for game_id in ctx.store.active_games():
            try:
                state = ctx.store.load(game_id).state
            except GameNotFound:
                redis.zrem(ACTIVE, game_id)
                continue
            if state.status == FINISHED:
                redis.zrem(ACTIVE, game_id)
                redis.hdel(SEEN, game_id)
                continue
            last = redis.hget(SEEN, game_id)
            if last is not None and int(last) == state.version:
                repaired += _repair(ctx, game_id, state)
            redis.hset(SEEN, game_id, state.version)
    finally:
        ctx.jobs.schedule_sweep(ctx.config.sweep_s)
    return f"repaired {repaired}"


def _repair(ctx, game_id, state) -> int:
    if bot_to_move(state) is not None:
        ctx.jobs.enqueue_bot(game_id, state, suffix=f"-sweep{int(time.time())}")
        return 1
    deadline = state.hand.deadline if state.hand else None
    if deadline and human_to_move(state) is not None and ctx.clock() >= parse(deadline):
        ctx.jobs.check_deadline_now(game_id, deadline)
        return 1
    return 0

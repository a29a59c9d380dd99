"""The check of a game that came due: service/runtime/ticker.py finds such games in
the due-time index and enqueues this job for each.

`check_game` looks at the game afresh and does what is due (service/app/due.py):
ends an abandoned game, applies an overdue turn's timeout, sends the reminder,
or enqueues a bot job again when the bot's turn has not moved for a while; a
finished game's end is settled here if its own job was lost.
Then it settles the game's next due time. Everything it does expects the
version it saw, so a check that runs twice or late changes nothing twice.
"""

import logging
from datetime import datetime, timedelta, timezone

from domain.deadlines import bot_to_move, human_to_move, is_overdue, reminder_time
from domain.kernel.ending import EndGame
from domain.kernel.errors import GameOver
from service.app.due import next_due
from service.app.followups import bot_only
from service.app.jobs import OnItsWay
from service.app.standings import settle_end
from service.store.codec import epoch_ms
from service.store.errors import ConcurrencyError, GameNotFound

from .context import context
from .deadlines import check_deadline, send_reminder

log = logging.getLogger("iceberg.worker")
WAITING_RECHECK_S = 30  # a bot job still on the queue: its game is looked at again this much later


def check_game(game_id: str, lease_ms: int) -> str:
    ctx = context()
    try:
        state = ctx.repository.load(game_id).state
    except GameNotFound:
        ctx.due.remove(game_id)
        return "no such game"
    if state.status == "finished":  # still due: its end is not settled yet (a lost job)
        settle_end(ctx, game_id)
        return "finished"
    now = ctx.clock()
    last_at = datetime.fromtimestamp(ctx.recorder.last_at(game_id) / 1000, timezone.utc)
    appended = _append_due(ctx, game_id, state, now, last_at)
    if appended is not None:
        return appended  # the append's follow-ups have set the next due time
    done = _notify_or_repair(ctx, game_id, state, now, last_at)
    due = next_due(state, last_at, now, ctx.config.repair_s, ctx.config.abandon_days * 86400)
    if done == "repaired":  # the bot's new job appends; if it is lost too, look again later
        due = max(due, now + timedelta(seconds=ctx.config.repair_s))
    elif isinstance(done, OnItsWay):
        due = max(due, _look_again(done, now, ctx.config.repair_s))
        done = "bot job waiting"
    ctx.due.settle(game_id, lease_ms, epoch_ms(due))
    return done


def _look_again(waiting: OnItsWay, now: datetime, repair_s: float) -> datetime:
    """When to look again at a game whose bot job is on its way. A job on the queue appends
    when the queue reaches it: looking every repair_s would only fill the queue with checks
    ahead of the turns they wait for. A job running (or left "started" by a worker that died,
    as when Redis went down under it) counts as lost once it has run repair_s: look then."""
    if waiting.lost_after is None:
        return now + timedelta(seconds=max(repair_s, WAITING_RECHECK_S))
    return max(waiting.lost_after, now) + timedelta(seconds=1)


def _append_due(ctx, game_id: str, state, now: datetime, last_at: datetime) -> str | None:
    """End an abandoned game or time out an overdue turn: what was done, None if neither is due."""
    idle = now - last_at
    if idle >= timedelta(days=ctx.config.abandon_days):
        try:
            ctx.commands.handle(game_id, EndGame("abandoned"), "sys", expected=state.version)
        except (ConcurrencyError, GameOver):
            return "moved on"
        log.info("game %s ended as abandoned after %s without an action", game_id, idle)
        return "abandoned"
    if state.deadline is not None and is_overdue(state, state.deadline, now):
        return check_deadline(game_id, state.deadline)
    return None


def _notify_or_repair(ctx, game_id: str, state, now: datetime, last_at: datetime) -> str | OnItsWay:
    """Send a due reminder, or enqueue a bot job that seems lost: what was done (the job on its
    way when there was one)."""
    if state.deadline is not None and human_to_move(state) is not None and now >= reminder_time(state):
        return "reminder " + send_reminder(game_id, state.deadline)
    idle = now - last_at
    if bot_to_move(state) is not None and idle >= timedelta(seconds=ctx.config.repair_s):
        # a job that still waits on a lagging queue is late, not lost: enqueueing another would
        # only lengthen the queue (and the game has one repair on it at most)
        waiting = ctx.jobs.repair(game_id, state.version, ctx.config.repair_s, bot_game=bot_only(state.players))
        if waiting is not None:
            return waiting
        log.info("game %s: the bot's turn at version %s had not moved for %s; enqueued again",
                 game_id, state.version, idle)
        return "repaired"
    return "nothing due"

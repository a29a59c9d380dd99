"""Follow-up jobs once events are stored: the bot to move, deadline checks and
reminders, hand replays, webhook notices. The API and the workers call the same
hook after every append.

Jobs are enqueued by dotted path (the worker imports them), carry the game id
and the version or deadline they were made for, and do nothing if the game has
moved on, so running one twice, late or after a crash is harmless. If enqueuing
fails after an append, nothing is lost: the events are stored, and the sweeper
finds the game and enqueues again.
"""

import logging
from datetime import datetime, timedelta, timezone

import redis
from rq import Queue, Retry

from domain.deadlines import human_to_move, parse, reminder_time
from domain.events import CardDiscarded, DeadlineSet, GameEnded, HandEnded, HandStarted
from domain.state import ENDED, FINISHED

log = logging.getLogger("iceberg.jobs")

QUEUE = "iceberg"
ACTIVE = "iceberg:active"  # sorted set: games not finished, by creation time
BOT = "workers.bots.play_bot_turn"
DEADLINE = "workers.deadlines.check_deadline"
REMINDER = "workers.deadlines.send_reminder"
REPLAY = "workers.replays.build_replay"
NOTICE = "workers.notices.send_notice"
SWEEP = "workers.sweeper.sweep"


def bot_to_move(state) -> int | None:
    if state.status == FINISHED or state.hand is None or state.hand.phase == ENDED:
        return None
    seat = state.hand.turn
    return seat if state.players[seat].bot else None


class Jobs:
    def __init__(self, queue_redis, store, retry_intervals=(2, 10, 30, 60)):
        self.queue = Queue(QUEUE, connection=queue_redis)
        self.store = store
        self.retry_intervals = list(retry_intervals)

    # --- the hook ---------------------------------------------------------------------

    def after_append(self, game_id: str, before, after, events, hooks: int | None = None) -> None:
        """`hooks`: the game's number of webhooks if known (0 spares the look-up)."""
        try:
            self._index(game_id, before, after)
            self.enqueue_bot(game_id, after)
            self._deadlines(game_id, events, after)
            self._replays(game_id, events)
            if hooks != 0:
                self._notices(game_id, before, after, events)
        except redis.RedisError:
            log.warning("could not enqueue follow-ups for %s at %s; the sweeper will", game_id, after.version)

    def _index(self, game_id, before, after) -> None:
        if before.version == 0:
            self.store.redis.zadd(ACTIVE, {game_id: after.version})
        elif after.status == FINISHED:
            self.store.redis.zrem(ACTIVE, game_id)

    def enqueue_bot(self, game_id, state, suffix: str = "") -> None:
        """A job for the bot to move, if one is; `suffix` makes a retry's id new."""
        if bot_to_move(state) is not None:
            self.queue.enqueue_call(BOT, args=(game_id, state.version), job_id=f"bot-{game_id}-{state.version}{suffix}",
                                    result_ttl=60, failure_ttl=86400)

    def _deadlines(self, game_id, events, state) -> None:
        for event in events:
            if isinstance(event, DeadlineSet):
                self.schedule_deadline(game_id, state, event.deadline)

    def schedule_deadline(self, game_id, state, deadline: str) -> None:
        key = deadline.replace(":", "")
        self.queue.enqueue_at(parse(deadline), DEADLINE, game_id, deadline, job_id=f"deadline-{game_id}-{key}")
        remind = reminder_time(state)
        if remind is not None:
            self.queue.enqueue_at(remind, REMINDER, game_id, deadline, job_id=f"remind-{game_id}-{key}")

    def check_deadline_now(self, game_id, deadline: str) -> None:
        self.queue.enqueue_call(DEADLINE, args=(game_id, deadline), result_ttl=60)

    def _replays(self, game_id, events) -> None:
        for event in events:
            if isinstance(event, HandEnded):
                self.enqueue_replay(game_id, event.hand)

    def enqueue_replay(self, game_id, hand: int) -> None:
        self.queue.enqueue_call(REPLAY, args=(game_id, hand), job_id=f"replay-{game_id}-{hand}", result_ttl=60)

    # --- notices ----------------------------------------------------------------------

    def _notices(self, game_id, before, after, events) -> None:
        new_turn = any(isinstance(e, (CardDiscarded, HandStarted)) for e in events)
        if not new_turn and not any(isinstance(e, (HandEnded, GameEnded)) for e in events):
            return  # nothing to tell anyone: spare the look-up
        hooks = self.store.webhooks(game_id)
        if not hooks:
            return
        seat = human_to_move(after)
        if new_turn and seat is not None and seat in hooks:
            notice = {"seat": seat, "version": after.version, "hand": after.hand.number,
                      "deadline": after.hand.deadline}
            self.notify(game_id, seat, "your_turn", notice)
        for event in events:
            if isinstance(event, HandEnded):
                for target in hooks:
                    self.notify(game_id, target, "hand_ended", {"hand": event.hand, "reason": event.reason,
                                                                "results": [r.to_dict() for r in event.results]})
            elif isinstance(event, GameEnded):
                for target in hooks:
                    self.notify(game_id, target, "game_ended", {"winners": list(event.winners),
                                                                "totals": list(event.totals)})

    def notify(self, game_id: str, seat: int, kind: str, data: dict) -> None:
        self.queue.enqueue_call(NOTICE, args=(game_id, seat, kind, data), result_ttl=60, failure_ttl=7 * 86400,
                                retry=Retry(max=len(self.retry_intervals), interval=self.retry_intervals))

    # --- the sweeper's schedule -------------------------------------------------------

    def schedule_sweep(self, every_s: float) -> None:
        when = datetime.now(timezone.utc) + timedelta(seconds=every_s)
        self.queue.enqueue_at(when, SWEEP, job_id="iceberg-sweep", result_ttl=60)

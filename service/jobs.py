"""The job queue (RQ): what the follow-ups and the sweeper enqueue, by name.

Jobs are enqueued by dotted path (the worker imports them), carry the game id
and the version or deadline they were made for, and do nothing if the game has
moved on, so running one twice, late or after a crash is harmless. If enqueuing
fails after an append, nothing is lost: the events are stored, and the sweeper
finds the game and enqueues again.
"""

from datetime import timedelta

from rq import Queue, Retry

from domain.deadlines import reminder_time
from domain.kernel.turns import parse

QUEUE = "iceberg"  # bots, deadlines, replays, the sweep: the game's own work
NOTICES = "notices"  # webhooks and e-mail: outside endpoints, never ahead of the game
QUEUES = (QUEUE, NOTICES)
BOT = "workers.bots.play_bot_turn"
DEADLINE = "workers.deadlines.check_deadline"
REMINDER = "workers.deadlines.send_reminder"
REPLAY = "workers.replays.build_replay"
NOTICE = "workers.notices.send_notice"
SWEEP = "workers.sweeper.sweep"


class Jobs:
    def __init__(self, queue_redis, clock, retry_intervals=(2, 10, 30, 60)):
        self.queue = Queue(QUEUE, connection=queue_redis)
        self.notices = Queue(NOTICES, connection=queue_redis)
        self.clock = clock
        self.retry_intervals = list(retry_intervals)

    def bot_turn(self, game_id: str, version: int, suffix: str = "") -> None:
        """The bot to move at `version` plays; `suffix` makes a retry's id new."""
        self.queue.enqueue_call(BOT, args=(game_id, version), job_id=f"bot-{game_id}-{version}{suffix}",
                                result_ttl=60, failure_ttl=86400)

    def deadline(self, game_id: str, state, deadline: str) -> None:
        """The timeout check at the deadline, and the reminder before it."""
        key = deadline.replace(":", "").replace(".", "")
        self.queue.enqueue_at(parse(deadline), DEADLINE, game_id, deadline, job_id=f"deadline-{game_id}-{key}")
        remind = reminder_time(state)
        if remind is not None:
            self.queue.enqueue_at(remind, REMINDER, game_id, deadline, job_id=f"remind-{game_id}-{key}")

    def deadline_now(self, game_id: str, deadline: str) -> None:
        self.queue.enqueue_call(DEADLINE, args=(game_id, deadline), result_ttl=60)

    def replay(self, game_id: str, hand: int) -> None:
        self.queue.enqueue_call(REPLAY, args=(game_id, hand), job_id=f"replay-{game_id}-{hand}", result_ttl=60)

    def notice(self, game_id: str, seat: int, kind: str, data: dict) -> None:
        self.notices.enqueue_call(NOTICE, args=(game_id, seat, kind, data), result_ttl=60, failure_ttl=7 * 86400,
                                retry=Retry(max=len(self.retry_intervals), interval=self.retry_intervals))

    def sweep(self, every_s: float) -> None:
        self.queue.enqueue_at(self.clock() + timedelta(seconds=every_s), SWEEP, job_id="iceberg-sweep",
                              result_ttl=60)

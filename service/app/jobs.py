"""The job queue (RQ): what the follow-ups and the ticker enqueue, by name.

Jobs are enqueued by dotted path (the worker imports them), carry the game id
and the version or lease they were made for, and do nothing if the game has
moved on, so running one twice, late or after a crash is harmless. If enqueuing
fails after an append, nothing is lost: the events are stored, the game's due
time (service/app/due.py) comes, and its check enqueues again. Nothing is scheduled
inside RQ: what must happen later is a due time in our own index, so a worker
with nothing due writes nothing.

A game has at most one check and one repair on the queue at a time: their job
ids are the game's and the purpose's (`check-<game>`, `repair-<game>`), and
neither is enqueued while a job of that id is queued or running, nor a repair
while the bot job it would replace still waits (a queue that lags past
ICEBERG_REPAIR_S must not multiply its own work). The game's jobs keep their
result a second (`RESULT_TTL_S`): with none (`result_ttl=0`) RQ deletes the job
as it succeeds, which costs five more round trips a job (bench/scale.py rtt).
"""

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer
from rq.utils import utcparse

from ..store import keys
from ..store.codec import canonical

QUEUE = "iceberg"  # bots, due games (deadlines, reminders, repairs), replays: the game's own work
BOT_GAMES = "bot-games"  # the bots and replays of games without a person: worked after QUEUE, never before
NOTICES = "notices"  # webhooks and e-mail: outside endpoints, never ahead of the game
QUEUES = (QUEUE, BOT_GAMES, NOTICES)
GAME_QUEUES = (QUEUE, BOT_GAMES)  # what the game worker works, in this order: RQ takes from the first that has a job
BOT = "workers.bots.play_bot_turn"
CHECK = "workers.sweeper.check_game"
REPLAY = "workers.replays.build_replay"
SETTLE = "workers.standings.settle_end"
NOTICE = "workers.notices.send_notice"
RESULT_TTL_S = 1  # a bot turn's or a check's result: nobody reads it
SIGN_IN = "workers.mailing.send_sign_in_code"
MAIL = "workers.mailing.send_mail"
PENDING = (JobStatus.QUEUED, JobStatus.STARTED, JobStatus.DEFERRED, JobStatus.SCHEDULED)
_PENDING_BYTES = {status.value.encode() for status in PENDING}


def check_id(game_id: str) -> str:
    return f"check-{game_id}"


def repair_id(game_id: str) -> str:
    return f"repair-{game_id}"


def bot_id(game_id: str, version: int) -> str:
    return f"bot-{game_id}-{version}"


class Jobs:
    def __init__(self, queue_redis, clock):
        # JSON, not pickle (RQ's default): the worker reads jobs as data, never as code to run
        self.queue = Queue(QUEUE, connection=queue_redis, serializer=JSONSerializer)
        self.bot_games = Queue(BOT_GAMES, connection=queue_redis, serializer=JSONSerializer)
        self.notices = Queue(NOTICES, connection=queue_redis, serializer=JSONSerializer)
        self.clock = clock

    def bot_turn(self, game_id: str, version: int, suffix: str = "", bot_game: bool = False) -> None:
        """The bot to move at `version` plays; `suffix` makes a retry's id new; `bot_game`: a
        game without a person, whose jobs wait for every game with one (BOT_GAMES)."""
        _enqueue(self.bot_games if bot_game else self.queue, BOT, args=(game_id, version),
                 job_id=bot_id(game_id, version) + suffix, result_ttl=RESULT_TTL_S, failure_ttl=86400)

    def pending(self, *job_ids: str, running_s: float = 60) -> bool:
        """Whether any of these jobs is on a game queue, or running and started less
        than `running_s` ago (a job started long ago and not done died with its
        worker: RQ's SimpleWorker leaves it "started"); one round trip. A job is
        looked for in the queues themselves, not only its status: one that a crash
        left "queued" but on no queue (RQ's list of jobs being taken) is lost."""
        with self.queue.connection.pipeline(transaction=False) as pipe:
            for job_id in job_ids:
                self._ask(pipe, job_id)
            found = pipe.execute()
        return any(_waiting(found[n:n + 3], running_s) for n in range(0, len(found), 3))

    def bot_waiting(self, game_id: str, version: int, running_s: float) -> "OnItsWay | None":
        """A bot job for the game at `version` still on its way (on a queue,
        running for less than `running_s`, its repair so, or its turn waiting for
        its pace), or None (one round trip)."""
        with self.queue.connection.pipeline(transaction=False) as pipe:
            for job_id in (bot_id(game_id, version), repair_id(game_id)):
                self._ask(pipe, job_id)
            pipe.zscore(keys.LATER_BOT_GAMES, canonical({"args": [game_id, version]}))
            found = pipe.execute()
        if any(found[n] is not None for n in (1, 2, 4, 5, 6)):  # on either queue, or waiting for its pace
            return OnItsWay(None)  # queued or paced: it runs when the queue reaches it
        running = [until for until in (_running_until(found[0:3], running_s), _running_until(found[3:6], running_s))
                   if until is not None]
        return OnItsWay(max(running)) if running else None

    def _ask(self, pipe, job_id: str) -> None:
        pipe.hmget(Job.key_for(job_id), "status", "started_at")
        pipe.lpos(self.queue.key, job_id)
        pipe.lpos(self.bot_games.key, job_id)

    def repair(self, game_id: str, version: int, running_s: float, bot_game: bool = False) -> "OnItsWay | None":
        """Enqueue the bot's turn at `version` again, as the game's one repair,
        unless a bot job for it is still on its way: that job, or None once enqueued."""
        waiting = self.bot_waiting(game_id, version, running_s)
        if waiting is not None:
            return waiting
        _enqueue(self.bot_games if bot_game else self.queue, BOT, args=(game_id, version),
                 job_id=repair_id(game_id), result_ttl=RESULT_TTL_S, failure_ttl=86400)
        return None

    def bot_turn_later(self, at_ms: int, game_id: str, version: int) -> None:
        """A bot-only game's next turn, at `at_ms` (its pace): kept in our own index
        until then, and enqueued on BOT_GAMES by the game worker's ticker."""
        self.queue.connection.zadd(keys.LATER_BOT_GAMES, {canonical({"args": [game_id, version]}): at_ms})

    def enqueue_due_bot_turns(self, now_ms: int, limit: int = 500) -> int:
        """Enqueue the paced bot turns that are due; each leaves the index once it is on the queue."""
        connection = self.queue.connection
        due = connection.zrangebyscore(keys.LATER_BOT_GAMES, "-inf", now_ms, start=0, num=limit)
        for entry in due:
            self.bot_turn(*json.loads(entry)["args"], bot_game=True)
            connection.zrem(keys.LATER_BOT_GAMES, entry)
        return len(due)

    def check(self, game_id: str, lease_ms: int, bot_game: bool = False) -> bool:
        """Look at a game that came due (workers/sweeper.py); `lease_ms`: its claim; `bot_game`:
        a game without a person, whose checks must not queue ahead of the bots of games with
        people. Not while the game's check is queued or running (it looks at the game as it
        is when it runs): whether it was enqueued. A claim is atomic, so two tickers never
        get here for one game at once."""
        if self.pending(check_id(game_id)):
            return False
        _enqueue(self.bot_games if bot_game else self.queue, CHECK, args=(game_id, lease_ms),
                 job_id=check_id(game_id), result_ttl=RESULT_TTL_S, failure_ttl=86400)
        return True

    def replay(self, game_id: str, hand: int, *, unless_pending: bool = True, bot_game: bool = False) -> None:
        """Build a hand's replay, unless that job is already waiting or running
        (a client polling a 202 must not queue it again and again).
        `unless_pending=False`: the hand has only just ended, so no one can
        have queued it yet (a rare race queues it twice: the second job finds
        the replay built and does nothing); saves a round trip."""
        job_id = f"replay-{game_id}-{hand}"
        if unless_pending:
            try:
                job = Job.fetch(job_id, connection=self.queue.connection, serializer=JSONSerializer)
                if job.get_status() in PENDING:
                    return
            except NoSuchJobError:
                pass
        _enqueue(self.bot_games if bot_game else self.queue, REPLAY, args=(game_id, hand), job_id=job_id,
                 result_ttl=60)

    def settle_end(self, game_id: str) -> None:
        """Settle a finished game's end: its history and standings (service/app/standings.py)."""
        _enqueue(self.queue, SETTLE, args=(game_id,), job_id=f"settle-{game_id}", result_ttl=60,
                 failure_ttl=86400)

    def notice(self, game_id: str, seat: int, kind: str, data: dict, delivery: str | None = None,
               attempt: int = 1, channel: str | None = None) -> None:
        """Send a notice; `delivery` and `attempt` when it is a retry, `channel`
        when it goes to one channel only: "seat" (the seat's webhook), "player"
        (its player's webhook), "email" (workers/notices.py)."""
        args = (game_id, seat, kind, data, delivery, attempt) + ((channel,) if channel else ())
        _enqueue(self.notices, NOTICE, args=args, result_ttl=60, failure_ttl=7 * 86400)

    def sign_in_code(self, player_id: str) -> None:
        """Mail a new one-time sign-in code to the player's address (the worker makes the code)."""
        _enqueue(self.notices, SIGN_IN, args=(player_id,), result_ttl=60, failure_ttl=86400,
                 description=f"sign-in code for {player_id}")

    def mail(self, message: str, message_id: str) -> None:
        """Send a composed message (an answer to mail played: service/app/inbound.py); the worker's
        log names the job by its Message-ID alone (RQ would show its arguments: the whole mail)."""
        _enqueue(self.notices, MAIL, args=(message,), result_ttl=60, failure_ttl=86400,
                 description=f"mail {message_id}")

    def notice_later(self, at_ms: int, game_id: str, seat: int, kind: str, data: dict, delivery: str,
                     attempt: int, channel: str | None = None) -> None:
        """Retry a notice at `at_ms`: kept in our own index until then (a worker's
        ticker enqueues it when due), so no RQ scheduler runs and writes."""
        args = [game_id, seat, kind, data, delivery, attempt] + ([channel] if channel else [])
        entry = canonical({"args": args})
        self.notices.connection.zadd(keys.LATER, {entry: at_ms})

    def enqueue_due_notices(self, now_ms: int, limit: int = 500) -> int:
        """Enqueue the retries that are due; each leaves the index once it is on the queue."""
        due = self.notices.connection.zrangebyscore(keys.LATER, "-inf", now_ms, start=0, num=limit)
        for entry in due:
            self.notice(*json.loads(entry)["args"])
            self.notices.connection.zrem(keys.LATER, entry)
        return len(due)


@dataclass(frozen=True)
class OnItsWay:
    """A bot job not lost (yet): running until `lost_after` (then it died with its
    worker, unless it ended), or, None, waiting on a queue or for its pace."""
    lost_after: datetime | None


def _waiting(found: list, running_s: float) -> bool:
    """From a job's (status and start, place on the iceberg queue, on bot-games)."""
    _status, on_queue, on_bot_games = found
    return on_queue is not None or on_bot_games is not None or _running_until(found, running_s) is not None


def _running_until(found: list, running_s: float) -> datetime | None:
    """When a job that is running counts as died with its worker, if that is still to come."""
    (status, started_at), _on_queue, _on_bot_games = found
    if status != JobStatus.STARTED.value.encode() or not started_at:
        return None
    started = utcparse(started_at.decode()).replace(tzinfo=timezone.utc)  # RQ's own clock: UTC, naive
    until = started + timedelta(seconds=running_s)
    return until if datetime.now(timezone.utc) < until else None


def _enqueue(queue: Queue, function: str, **options) -> None:
    """Enqueue in one round trip: given no pipeline, RQ sends a job in two."""
    with queue.connection.pipeline() as pipe:
        queue.enqueue_call(function, pipeline=pipe, **options)
        pipe.execute()

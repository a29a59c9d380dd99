"""A queue that keeps up: a game has at most one check and one repair on the
queue (service/app/jobs.py), so a queue lagging past ICEBERG_REPAIR_S does not
multiply its own work. Real Redis, jobs left on the queue (no worker runs)."""

from datetime import datetime, timedelta, timezone

from freezegun import freeze_time
from rq.job import Job
from rq.serializers import JSONSerializer

from service.app.jobs import GAME_QUEUES, Jobs, check_id, repair_id
from service.runtime.ticker import Ticker
from service.store import keys
from service.store.codec import epoch_ms
from tests.workers_helpers import use_context

T0 = datetime(2026, 11, 22, 12, 0, 0, tzinfo=timezone.utc)
BOTS = [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "greedy"}, {"name": "C", "bot": "greedy"}]


def queued(redis) -> list[str]:
    return [i.decode() for name in GAME_QUEUES for i in redis.lrange(f"rq:queue:{name}", 0, -1)]


def lose_every_job(redis) -> None:
    """What a queue Redis that lost its last writes looks like: no job at all."""
    for name in GAME_QUEUES:
        for job_id in redis.lrange(f"rq:queue:{name}", 0, -1):
            redis.delete(Job.key_for(job_id.decode()))
        redis.delete(f"rq:queue:{name}")
    redis.delete(keys.LATER_BOT_GAMES)


def test_a_game_due_again_while_its_check_waits_gets_no_second_check(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    with freeze_time(T0):
        game = own_client.create([{"name": "Ann"}, {"name": "Bo"}])["id"]
    redis = ctx.queue_redis
    lose_every_job(redis)
    for minutes in (0, 2, 4):  # each past the last claim's lease: the game is claimed again
        now = T0 + timedelta(days=30, minutes=minutes)
        Ticker(ctx, every_s=1, clock=now.timestamp).tick()
    assert queued(redis) == [check_id(game)]
    job = Job.fetch(check_id(game), connection=redis, serializer=JSONSerializer)
    assert job.args[0] == game


def test_a_check_that_waited_past_a_later_claim_still_settles_the_game(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    from workers.sweeper import check_game

    with freeze_time(T0):
        game = own_client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], rules={"turn_timeout_s": 1000})["id"]
    first, later = epoch_ms(T0 + timedelta(seconds=860)), epoch_ms(T0 + timedelta(seconds=920))
    ctx.due.redis.zadd(keys.DUE, {game: later})  # claimed again while the first claim's check waited
    with freeze_time(T0 + timedelta(seconds=800)):
        assert check_game(game, first) == "reminder sent"
    assert ctx.due.when(game) == epoch_ms(T0 + timedelta(seconds=1000))


def test_a_bot_job_still_on_the_queue_is_not_repaired_and_a_lost_one_is_once(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url, ICEBERG_REPAIR_S="2")
    from workers.sweeper import check_game

    with freeze_time(T0):
        game = own_client.create(BOTS)["id"]
    redis = ctx.queue_redis
    waiting = queued(redis) + [e.decode() for e in redis.zrange(keys.LATER_BOT_GAMES, 0, -1)]
    assert len(waiting) == 1  # the first bot turn: on the queue, or waiting for its pace

    def check_at(seconds: int) -> str:
        lease = epoch_ms(T0 + timedelta(seconds=seconds + 60))
        ctx.due.redis.zadd(keys.DUE, {game: lease})  # as a tick's claim leaves it
        with freeze_time(T0 + timedelta(seconds=seconds)):
            return check_game(game, lease)

    for seconds in (3, 6, 9):  # the queue lags past ICEBERG_REPAIR_S: the job is late, not lost
        assert check_at(seconds) == "bot job waiting"
    assert queued(redis) + [e.decode() for e in redis.zrange(keys.LATER_BOT_GAMES, 0, -1)] == waiting
    lose_every_job(redis)
    assert check_at(12) == "repaired"
    assert check_at(15) == "bot job waiting"  # its one repair is queued
    assert queued(redis) == [repair_id(game)]
    assert ctx.due.when(game) == epoch_ms(T0 + timedelta(seconds=45))  # its job waits: looked at again 30 s on


def test_a_job_started_long_ago_and_not_done_died_with_its_worker(own_redis):
    from service.wiring import connect

    redis = connect(own_redis.url)
    jobs = Jobs(redis, clock=None)
    with freeze_time(T0):
        assert jobs.check("g_1", 5)
        assert not jobs.check("g_1", 6)  # on the queue
        redis.lrem("rq:queue:iceberg", 0, check_id("g_1"))  # a worker took it
        redis.hset(Job.key_for(check_id("g_1")), mapping={"status": "started", "started_at": "2026-11-22T12:00:00.000000Z"})
        assert not jobs.check("g_1", 6)  # running
    with freeze_time(T0 + timedelta(seconds=61)):
        assert jobs.pending(check_id("g_1")) is False
        assert jobs.check("g_1", 7)


def test_a_job_that_says_queued_but_is_on_no_queue_was_lost(own_redis):
    """As a crash leaves one in RQ's list of jobs being taken (an embedded Redis killed and restarted)."""
    from service.wiring import connect

    redis = connect(own_redis.url)
    jobs = Jobs(redis, clock=None)
    jobs.check("g_2", 5)
    redis.lmove("rq:queue:iceberg", "rq:queue:iceberg:intermediate", "LEFT", "RIGHT")
    assert redis.hget(Job.key_for(check_id("g_2")), "status") == b"queued"
    assert jobs.check("g_2", 6)  # enqueued again: the game is looked at
    assert queued(redis) == [check_id("g_2")]


def test_a_bot_job_left_running_by_a_dead_worker_is_repaired_once_it_has_run_repair_s(own_redis, own_client,
                                                                                       monkeypatch):
    """As after Redis went down under a worker: the job stays "started" for good. The game is
    looked at again when the job has run ICEBERG_REPAIR_S, not the 30 s a queued job waits."""
    ctx = use_context(monkeypatch, own_redis.url, ICEBERG_REPAIR_S="2")
    from service.app.jobs import bot_id
    from workers.sweeper import check_game

    with freeze_time(T0):
        game = own_client.create(BOTS)["id"]
    redis = ctx.queue_redis
    version = ctx.repository.load(game).state.version
    lose_every_job(redis)
    started = T0 + timedelta(seconds=10)
    redis.hset(Job.key_for(bot_id(game, version)),
               mapping={"status": "started", "started_at": started.strftime("%Y-%m-%dT%H:%M:%S.%fZ")})

    def check_at(seconds: float) -> str:
        lease = epoch_ms(T0 + timedelta(seconds=seconds + 60))
        ctx.due.redis.zadd(keys.DUE, {game: lease})
        with freeze_time(T0 + timedelta(seconds=seconds)):
            return check_game(game, lease)

    assert check_at(11) == "bot job waiting"
    assert ctx.due.when(game) == epoch_ms(started + timedelta(seconds=3))  # run 2 s, and a second's margin
    assert check_at(13) == "repaired"
    assert queued(redis) == [repair_id(game)]

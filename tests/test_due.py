"""The due-time index: what a game needs next and when (service/app/due.py), a
tick that writes nothing when nothing is due, and the check that ends an
abandoned game, all with a frozen clock and a real Redis."""

from datetime import datetime, timedelta, timezone

from freezegun import freeze_time

from service.store.codec import epoch_ms
from tests import worked_example
from tests.workers_helpers import use_context

T0 = datetime(2026, 11, 22, 12, 0, 0, tzinfo=timezone.utc)


_TOKENS: dict[str, list[str]] = {}


def _create(client, players, **rules):
    with freeze_time(T0):
        created = client.create(players, rules=rules or None, deck=worked_example.deck())
    _TOKENS[created["id"]] = [s["token"] for s in created["seats"]]
    return created["id"]


def _writes(redis) -> int:
    """Every write the server has taken since it started (what the AOF would grow by)."""
    return redis.info("persistence")["rdb_changes_since_last_save"]


def test_a_new_game_is_due_when_it_would_be_abandoned_or_its_reminder(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    people = [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}]
    untimed = _create(own_client, people)
    timed = _create(own_client, people, turn_timeout_s=1000)
    assert ctx.due.when(untimed) == epoch_ms(T0 + timedelta(days=30))
    assert ctx.due.when(timed) == epoch_ms(T0 + timedelta(seconds=800))  # the 80% reminder


def test_a_tick_with_nothing_due_reads_and_writes_nothing(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    from service.runtime.ticker import Ticker

    games = [_create(own_client, [{"name": "Ann"}, {"name": "Bo"}]) for _ in range(20)]
    ticker = Ticker(ctx, every_s=1, clock=lambda: (T0 + timedelta(days=29)).timestamp())
    before = _writes(ctx.recorder.redis)
    assert [ticker.tick() for _ in range(10)] == [0] * 10
    assert _writes(ctx.recorder.redis) == before
    late = Ticker(ctx, every_s=1, clock=lambda: (T0 + timedelta(days=30)).timestamp())
    assert late.tick() == len(games)  # all due now: claimed once...
    assert late.tick() == 0  # ...and leased, so not twice


def test_an_idle_game_past_the_abandon_time_ends_as_abandoned(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    from workers.sweeper import check_game

    game = _create(own_client, [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}])
    lease = epoch_ms(T0 + timedelta(days=31))
    with freeze_time(T0 + timedelta(days=30) - timedelta(seconds=1)):
        assert check_game(game, lease) == "nothing due"
    assert ctx.due.when(game) == epoch_ms(T0 + timedelta(days=30))  # not claimed by that lease: left alone
    with freeze_time(T0 + timedelta(days=30)):
        assert check_game(game, lease) == "abandoned"
        assert check_game(game, lease) == "finished"
    events = own_client.get(f"/games/{game}/events").get_json()["events"]
    assert [e["type"] for e in events].count("GameEnded") == 1
    assert events[-1]["data"]["reason"] == "abandoned" and events[-1]["data"]["winners"] == []
    assert own_client.get(f"/games/{game}").get_json()["status"] == "finished"
    assert ctx.due.when(game) is None  # out of the index


def test_a_check_settles_the_next_due_time_unless_an_append_moved_it(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    from workers.sweeper import check_game

    game = _create(own_client, [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], turn_timeout_s=1000)
    lease = epoch_ms(T0 + timedelta(seconds=860))
    ctx.due.redis.zadd("iceberg:due", {game: lease})  # as a tick's claim leaves it
    with freeze_time(T0 + timedelta(seconds=800)):
        assert check_game(game, lease) == "reminder sent"
    assert ctx.due.when(game) == epoch_ms(T0 + timedelta(seconds=1000))  # then the deadline
    ctx.due.redis.zadd("iceberg:due", {game: 5})  # an append brought it forward since the claim
    with freeze_time(T0 + timedelta(seconds=900)):
        assert check_game(game, lease) == "reminder already sent"
    assert ctx.due.when(game) == 5


def test_a_human_move_leaves_the_index_alone_and_abandonment_counts_from_the_last_action(
        own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    from workers.sweeper import check_game

    game = _create(own_client, [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}])
    created_due = ctx.due.when(game)
    seat, body = worked_example.BODIES[0]
    with freeze_time(T0 + timedelta(days=10)):
        acted = own_client.post(f"/games/{game}/actions", _TOKENS[game][seat], json=body)
        assert acted.status_code == 201
    assert ctx.due.when(game) == created_due  # not written: a later due time than the indexed one
    lease = epoch_ms(T0 + timedelta(days=30, minutes=1))
    ctx.due.redis.zadd("iceberg:due", {game: lease})  # as the tick at day 30 claims it
    with freeze_time(T0 + timedelta(days=30)):
        assert check_game(game, lease) == "nothing due"
    assert ctx.due.when(game) == epoch_ms(T0 + timedelta(days=40))  # 30 days after the last action

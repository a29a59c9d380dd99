"""Exact play-by-mail deadlines (frozen clock): set to the millisecond, a move
after its deadline refused with `turn_timed_out` while the timeout is applied
at once, and no reminder once the deadline has passed."""

from datetime import datetime, timedelta, timezone

from freezegun import freeze_time

from tests import worked_example
from tests.log_checks import check_log
from tests.workers_helpers import use_context

T0 = datetime(2026, 11, 22, 12, 0, 0, 250_000, tzinfo=timezone.utc)


def _timed_game(client, timeout_s=1):
    with freeze_time(T0):
        created = client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}],
                                rules={"turn_timeout_s": timeout_s}, deck=worked_example.deck())
    return created["id"], [s["token"] for s in created["seats"]]


def _events(client, game):
    return client.get(f"/games/{game}/events").get_json()["events"]


def test_a_deadline_is_kept_to_the_millisecond(own_client):
    game, _ = _timed_game(own_client)
    deadline = next(e["data"] for e in _events(own_client, game) if e["type"] == "DeadlineSet")
    assert deadline == {"seat": 0, "deadline": "2026-11-22T12:00:01.250Z"}


def test_a_move_after_its_deadline_is_refused_and_the_timeout_applied_at_once(own_app, own_client):
    game, tokens = _timed_game(own_client)
    seat, body = worked_example.BODIES[0]
    with freeze_time(T0 + timedelta(milliseconds=999)):  # in time: accepted
        assert own_client.post(f"/games/{game}/actions", tokens[seat], json=body).status_code == 201
    seat, body = worked_example.BODIES[1]
    before = _events(own_client, game)
    with freeze_time(T0 + timedelta(milliseconds=1000)):  # exactly at the deadline: late
        late = own_client.post(f"/games/{game}/actions", tokens[seat], json=body)
        again = own_client.post(f"/games/{game}/actions", tokens[seat], json=body)
    assert late.status_code == 409 and late.get_json()["code"] == "turn_timed_out"
    assert again.status_code == 409 and again.get_json()["code"] != "turn_timed_out"  # the turn is over now
    log = _events(own_client, game)
    added = log[len(before):]
    assert [e["type"] for e in log].count("TurnTimedOut") == 1
    assert added[0]["type"] == "TurnTimedOut" and added[0]["data"]["seat"] == seat
    assert not any(e["type"] in ("MeldLaid", "CardsLaidOff") and e["data"]["seat"] == seat and
                   e["data"].get("cards") == body.get("cards") for e in added[1:2])  # not the refused move
    check_log(own_app.extensions["iceberg"].recorder, game)


def test_no_reminder_goes_out_after_its_deadline(own_redis, own_client, monkeypatch):
    use_context(monkeypatch, own_redis.url)
    from workers.deadlines import send_reminder

    game, _ = _timed_game(own_client, timeout_s=100)
    deadline = next(e["data"]["deadline"] for e in _events(own_client, game) if e["type"] == "DeadlineSet")
    with freeze_time(T0 + timedelta(seconds=100)):
        assert send_reminder(game, deadline) == "too late: the deadline has passed"
    with freeze_time(T0 + timedelta(seconds=80)):
        assert send_reminder(game, deadline) == "sent"

"""A write to a finished game that was sealed or archived (a chat message, a
message hidden) is kept for good (service/app/archiving.py `keep`): the game is
made whole again in Redis, without expiry, and sealed again later with the
message in its document; and a seal never drops a write made while it read
the game's keys."""

from datetime import datetime, timedelta, timezone

from service.app.archiving import Archiver
from service.store import keys
from tests.test_archive import ANN, GAMES, game_keys, ms, served  # noqa: F401 - the fixture

MIXED = GAMES[1]
CHAT = keys.chat(MIXED)


def say(client, text: str):
    return client.post(f"/games/{MIXED}/messages", token=ANN["token"], json={"text": text})


def messages(client) -> list[str]:
    return [m["text"] for m in client.get(f"/games/{MIXED}/messages", token=ANN["token"]).get_json()["messages"]]


def settled_end(svc) -> int:
    return max(svc.recorder.last_at(g) for g in GAMES)


def test_a_message_said_after_the_seal_is_kept_and_sealed_with_the_game_later(served):  # noqa: F811
    svc, _ctx, client = served
    redis = svc.recorder.redis
    assert svc.archiver.seal_due(settled_end(svc) + 60_000) == 2
    assert client.get(f"/games/{MIXED}").status_code == 200  # a read brings it back, for a while
    assert 0 < redis.pttl(keys.events(MIXED)) <= 600_000
    assert say(client, "good game").status_code == 201
    assert not redis.exists(keys.sealed(MIXED))
    assert all(redis.pttl(k) == -1 for k in game_keys(redis, MIXED))  # whole again, for good
    now = ms(datetime.now(timezone.utc))
    assert svc.archiver.seal_due(now) == 0  # sealed again a minute from the write, not before
    assert svc.archiver.seal_due(now + 61_000) == 1
    assert redis.exists(keys.sealed(MIXED)) and not redis.exists(keys.chat(MIXED))
    svc.repository.cache.drop(MIXED)
    assert messages(client) == ["good game"]


def test_a_message_said_to_an_archived_game_takes_it_out_of_the_archive(served):  # noqa: F811
    svc, _ctx, client = served
    redis = svc.recorder.redis
    assert svc.archiver.archive_due(ms(datetime.now(timezone.utc) + timedelta(days=3650))) == 2
    assert svc.archiver.index.is_archived(MIXED)
    assert say(client, "still here").status_code == 201
    assert not svc.archiver.index.is_archived(MIXED)
    assert svc.archiver.archive.get(MIXED) is None
    assert all(redis.pttl(k) == -1 for k in game_keys(redis, MIXED))
    export = client.get(f"/games/{MIXED}/export").get_json()
    assert export["events"], "the game is whole"
    assert svc.archiver.archive_due(ms(datetime.now(timezone.utc) + timedelta(days=3650))) == 1  # again, later
    svc.repository.cache.drop(MIXED)
    assert messages(client) == ["still here"]
    assert client.get(f"/games/{MIXED}/export").get_json() == export


def test_a_refused_message_leaves_a_sealed_game_sealed(served):  # noqa: F811
    svc, _ctx, client = served
    redis = svc.recorder.redis
    svc.archiver.seal_due(settled_end(svc) + 60_000)
    assert say(client, "\u200b \t").status_code == 422
    assert redis.exists(keys.sealed(MIXED))


class WrittenWhileRead(Archiver):
    """A seal during which a player says something at the table: a real write, after the
    seal read the game's keys and before its swap."""

    def __init__(self, *args):
        super().__init__(*args)
        swap = self._swap

        def said_meanwhile(keys: list, args: list):  # noqa: A002 - the script's own parameter names
            self.redis.rpush(CHAT, b'{"seat": 0, "text": "meanwhile"}')
            return swap(keys=keys, args=args)

        self._swap = said_meanwhile


def test_a_seal_drops_nothing_written_while_it_read_the_keys(served):  # noqa: F811
    svc, _ctx, _client = served
    redis = svc.recorder.redis
    redis.rpush(keys.chat(MIXED), b'{"seat": 0, "text": "first"}')
    racing = WrittenWhileRead(redis, svc.archiver.archive, svc.archiver.index, svc.repository, svc.archiver.due,
                              svc.archiver.clock, svc.archiver.after_days)
    ended = settled_end(svc)
    assert racing.seal(MIXED, ended + 60_000) is False
    assert redis.exists(keys.events(MIXED)) and not redis.exists(keys.sealed(MIXED))
    assert redis.llen(keys.chat(MIXED)) == 2
    assert svc.archiver.seal(MIXED, ended + 60_000) is True  # the next tick: nothing written meanwhile
    assert redis.exists(keys.sealed(MIXED)) and not redis.exists(keys.chat(MIXED))

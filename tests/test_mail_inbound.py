"""Replies to notices play, through the server's own receiver over real SMTP:
a numbered move and a command line play as the player's own actions; the same
mail twice plays once; an illegal command is answered with the rule's words
and the legal moves; a reply to a turn already played by the API is refused
as stale and changes nothing; games@ answers help and games."""

import re

import pytest
import redis

from service.store.recorder import Recorder
from tests.mail_helpers import DOMAIN, MailWorld, mail_to, reply, text
from tests.test_api_players import register
from tests.test_mail import gin_game

ADDRESSES = ("ann@example.org", "bo@example.org")


@pytest.fixture
def world(own_redis, monkeypatch):
    made = MailWorld(own_redis.url, monkeypatch)
    yield made
    made.close()


def two_players(client, world):
    ann, bo = register(client, "Ann", ADDRESSES[0]), register(client, "Bo", ADDRESSES[1])
    game = gin_game(client, ann, bo)
    world.work()
    return game, (ann, bo)


def seat_to_move(client, game) -> int:
    return client.get(f"/games/{game}").get_json()["turn"]["seat"]


def last_notice(world, seat):
    return [m for m in world.to(ADDRESSES[seat]) if m["Reply-To"]][-1]


def log_of(redis_url, game):
    return Recorder(redis.Redis.from_url(redis_url)).read_span(game, 1, 10_000)


def test_a_numbered_move_and_a_line_play_as_the_player_s_own(own_redis, own_client, world):
    game, people = two_players(own_client, world)
    seat = seat_to_move(own_client, game)
    notice = last_notice(world, seat)
    numbered = dict(re.findall(r"^(\d+)\. (.+)$", text(notice), re.M))
    before = own_client.get(f"/games/{game}").get_json()["version"]
    world.send(reply(notice, ADDRESSES[seat], ["1"]))
    world.work()
    after = own_client.get(f"/games/{game}").get_json()
    assert after["version"] > before
    played = [e for e in log_of(own_redis.url, game) if e.version > before]
    assert played and played[0].actor == f"s{seat}"
    answer = world.to(ADDRESSES[seat])[-1]
    assert answer["In-Reply-To"] and answer["Auto-Submitted"] == "auto-replied"
    assert answer["Reply-To"] == notice["Reply-To"]
    said = text(answer)
    assert "Played:" in said and numbered["1"] in said and "Refused:" not in said
    view = own_client.get(f"/games/{game}/view", token=people[seat]["token"]).get_json()
    if view["actions"]:  # still this seat's turn (a draw): a line from the answer plays on
        line = dict(re.findall(r"^(\d+)\. (.+)$", said, re.M))["1"]
        world.send(reply(answer, ADDRESSES[seat], [line]))
        world.work()
        assert "Played:" in text(world.to(ADDRESSES[seat])[-1])
        assert own_client.get(f"/games/{game}").get_json()["version"] > after["version"]


def test_the_same_mail_twice_plays_once_and_is_answered_once(own_client, world):
    game, _ = two_players(own_client, world)
    seat = seat_to_move(own_client, game)
    mail = reply(last_notice(world, seat), ADDRESSES[seat], ["1"])
    world.send(mail)
    version = own_client.get(f"/games/{game}").get_json()["version"]
    world.send(mail)
    world.work()
    assert own_client.get(f"/games/{game}").get_json()["version"] == version
    assert len([m for m in world.to(ADDRESSES[seat]) if m["In-Reply-To"] == mail["Message-ID"]]) == 1


def test_an_illegal_command_is_answered_with_the_reason_and_the_legal_moves(own_client, world):
    game, _ = two_players(own_client, world)
    seat = seat_to_move(own_client, game)
    before = own_client.get(f"/games/{game}").get_json()["version"]
    world.send(reply(last_notice(world, seat), ADDRESSES[seat], ["discard 2C", "1"]))
    world.work()
    assert own_client.get(f"/games/{game}").get_json()["version"] == before
    said = text(world.to(ADDRESSES[seat])[-1])
    assert re.search(r"Refused:\n  discard 2C: .+", said)
    assert "Not played (after a refusal):\n  1" in said
    assert re.search(r"^1\. ", said, re.M)  # the legal moves, numbered


def test_a_reply_to_a_turn_already_played_by_the_api_is_refused_and_changes_nothing(own_client, world):
    game, people = two_players(own_client, world)
    seat = seat_to_move(own_client, game)
    notice = last_notice(world, seat)
    view = own_client.get(f"/games/{game}/view", token=people[seat]["token"]).get_json()
    assert own_client.act(game, people[seat]["token"], view["actions"][0]).status_code == 201
    table = own_client.get(f"/games/{game}").get_json()
    world.send(reply(notice, ADDRESSES[seat], ["1"]))
    world.work()
    assert own_client.get(f"/games/{game}").get_json() == table
    assert "stale: you have moved since the mail you answer" in text(world.to(ADDRESSES[seat])[-1])


def test_games_answers_help_and_the_player_s_games(own_client, world):
    game, _ = two_players(own_client, world)
    world.send(mail_to(ADDRESSES[0], f"games@{DOMAIN}", ["help"]))
    world.send(mail_to(ADDRESSES[0], f"games@{DOMAIN}", ["games"]))
    world.work()
    help_, games = [text(m) for m in world.to(ADDRESSES[0])[-2:]]
    assert "Playing by mail" in help_ and "draw stock|discard" in help_
    assert "Your games:" in games and f"https://iceberg.test/games/{game}" in games


def test_resign_by_mail_ends_a_two_player_game_and_its_token_dies(own_client, world, caplog):
    game, _ = two_players(own_client, world)
    seat = seat_to_move(own_client, game)
    notice = last_notice(world, seat)
    caplog.set_level("INFO")
    resigning = reply(notice, ADDRESSES[seat], ["resign"])
    world.send(resigning)
    world.work()
    table = own_client.get(f"/games/{game}").get_json()
    assert table["status"] == "finished" and table["winners"] == [1 - seat]
    answer = next(m for m in world.to(ADDRESSES[seat]) if m["In-Reply-To"] == resigning["Message-ID"])
    assert "Played:\n  resign" in text(answer)
    ended = next(m for m in world.to(ADDRESSES[1 - seat]) if m["Subject"].endswith("the game has ended"))
    assert ended["Reply-To"].startswith("play+")  # every notice mail has one; this one is dead at once
    sent = len(world.sink.received)
    world.send(reply(notice, ADDRESSES[seat], ["1"]))  # the game has ended: its reply addresses are dead
    world.send(reply(ended, ADDRESSES[1 - seat], ["help"]))
    world.work()
    assert len(world.sink.received) == sent
    assert not any(address in caplog.text for address in ADDRESSES) and "Hello" not in caplog.text

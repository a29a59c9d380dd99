"""Games of bots only (service/http/bot_games.py) are held to a share of the
server: a person's bots answer in time however many play beside them, a
creator has a bounded number going, each plays at a bounded pace, and its
creator (or the admin) can end it. A refused creation writes nothing."""

import time

import pytest
import redis

from tests.api_client import ADMIN
from tests.test_api_contract import problem
from tests.test_api_players import register
from tests.workers_helpers import kill_group, start_worker, wait_until

ENDLESS = {"max_hands": 1000, "target_score": 1000000}
SIX_BOTS = [{"name": f"B{i}", "bot": "greedy"} for i in range(6)]


def keys_of(app) -> int:
    return app.extensions["iceberg"].recorder.redis.dbsize()


def turns_at(client, game) -> list[int]:
    """When each turn of the game ended (its discards' times, ms)."""
    from domain.kernel.turns import parse
    from service.store.codec import epoch_ms

    events = client.get(f"/games/{game}/events", token=ADMIN).get_json()["events"]
    return [epoch_ms(parse(e["at"])) for e in events if e["type"] == "CardDiscarded"]


def test_a_person_s_bots_answer_within_a_second_beside_forty_endless_bot_only_games(own_redis, own_app,
                                                                                      own_client):
    store = own_app.extensions["iceberg"].recorder
    creators, created_at = [register(own_client, f"C{i}") for i in range(10)], {}
    for creator in creators:  # 40 endless games of six greedy bots, 4 a creator (the default limit)
        for _ in range(4):
            made = own_client.post("/games", token=creator["token"], json={"players": SIX_BOTS, "rules": ENDLESS})
            assert made.status_code == 201, made.get_json()
            created_at[made.get_json()["id"]] = made.get_json()["version"]
    worker = start_worker(own_redis.url)
    try:
        # measured once every bot-only game has moved: the worker is warm (its first jobs pay its
        # imports and connections, a second under load) and the forty are all under way
        wait_until(lambda: all(store.version(g) > v for g, v in created_at.items()), timeout=60,
                   what="every bot-only game under way")
        created = own_client.create([{"name": "Ann"}] + SIX_BOTS[:5], rules=ENDLESS)
        game, token = created["id"], created["seats"][0]["token"]
        replies = []
        view = wait_until(lambda: _my_turn(own_client, game, token), timeout=30, what="Ann's first turn")
        while len(replies) < 12 and view["status"] != "finished":
            _play_a_turn(own_client, game, token, view)
            answered = time.monotonic()
            view = wait_until(lambda: _my_turn(own_client, game, token), timeout=30, every=0.01,
                              what="the bots' answer")
            replies.append(time.monotonic() - answered)
        busy = [g for g in own_app.extensions["iceberg"].recorder.redis.scan_iter(match="{g_*}:meta")]
    finally:
        kill_group(worker)
    replies.sort()
    assert len(replies) >= 5 and len(busy) == 41
    p95 = replies[min(len(replies) - 1, int(0.95 * len(replies)))]
    assert p95 < 1.0, f"five bots answered in {replies} s"


def _my_turn(client, game, token):
    view = client.get(f"/games/{game}/view", token=token).get_json()
    return view if view["actions"] or view["status"] == "finished" else None


def _play_a_turn(client, game, token, view):
    """Pick up, draw, then discard the first card offered: the turn is over."""
    for _ in range(4):
        action = next((a for kind in ("pickup", "draw", "discard") for a in view["actions"] if a["type"] == kind))
        assert client.act(game, token, action).status_code == 201
        if action["type"] == "discard":
            return
        view = client.get(f"/games/{game}/view", token=token).get_json()
    raise AssertionError("no discard in four actions")


def test_a_bot_only_game_plays_at_its_pace_after_every_game_with_a_person(own_redis, own_app, own_client):
    worker = start_worker(own_redis.url, ICEBERG_BOT_GAME_TURN_S="0.5")
    try:
        game = own_client.post("/games", json={"players": SIX_BOTS[:3], "rules": ENDLESS}).get_json()["id"]
        wait_until(lambda: len(turns_at(own_client, game)) >= 6, timeout=30, what="six turns")
    finally:
        kill_group(worker)
    ended = turns_at(own_client, game)
    gaps = [b - a for a, b in zip(ended, ended[1:])]
    assert min(gaps) >= 500, gaps  # a turn at most every ICEBERG_BOT_GAME_TURN_S
    queued = redis.Redis.from_url(own_redis.url).lrange("rq:queue:iceberg", 0, -1)
    assert not any(game.encode() in job for job in queued)  # its jobs were never on the people's queue


def test_a_bot_only_game_s_checks_wait_on_its_own_queue_too(own_redis, own_app, own_client):
    """Every game is checked when it comes due (a bot to move is looked at every
    ICEBERG_REPAIR_S): forty bot-only games' checks on the people's queue held a
    person's bots behind them."""
    from service.runtime.ticker import Ticker

    svc = own_app.extensions["iceberg"]
    bots = own_client.post("/games", json={"players": SIX_BOTS[:2], "rules": ENDLESS}).get_json()["id"]
    people = own_client.create([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}])["id"]
    for game in (bots, people):
        svc.due.no_later_than(game, 0)  # due now
    assert Ticker(svc, 1).tick() >= 2
    queued = redis.Redis.from_url(own_redis.url)
    on = {queue: b" ".join(queued.lrange(f"rq:queue:{queue}", 0, -1)) for queue in ("iceberg", "bot-games")}
    assert f"check-{bots}".encode() in on["bot-games"] and f"check-{bots}".encode() not in on["iceberg"]
    assert f"check-{people}".encode() in on["iceberg"] and f"check-{people}".encode() not in on["bot-games"]
    svc.due.remove(bots)  # its end settled: no longer marked
    assert svc.due.bot_only([bots, people]) == set()


def test_a_creator_has_a_bounded_number_going_and_a_refusal_writes_nothing(own_app, own_client):
    ann = register(own_client, "Ann")
    made = [own_client.post("/games", token=ann["token"], json={"players": SIX_BOTS[:2], "rules": ENDLESS})
            for _ in range(4)]
    assert all(m.status_code == 201 and m.get_json()["creator_token"].startswith("ct_") for m in made)
    before = keys_of(own_app)
    refused = problem(own_client.post("/games", token=ann["token"], json={"players": SIX_BOTS[:2]}), 409,
                      "too_many_bot_games")
    assert sorted(refused["games"]) == sorted(m.get_json()["id"] for m in made)
    assert keys_of(own_app) == before
    # anonymous creators count by address: this one is the test client's, not Ann's
    assert own_client.post("/games", json={"players": SIX_BOTS[:2]}).status_code == 201
    # a game with a person in it is not counted
    assert own_client.post("/games", token=ann["token"],
                           json={"players": [{"player": "me"}] + SIX_BOTS[:2]}).status_code == 201
    ended = made[0].get_json()
    assert own_client.post(f"/games/{ended['id']}/abort", token=ended["creator_token"]).status_code == 201
    assert own_client.post("/games", token=ann["token"], json={"players": SIX_BOTS[:2]}).status_code == 201


@pytest.mark.parametrize("who", ["creator token", "creating player", "admin"])
def test_a_bot_only_game_is_ended_by_its_creator_or_the_admin(own_client, who):
    ann, bo = register(own_client, "Ann"), register(own_client, "Bo")
    created = own_client.post("/games", token=ann["token"], json={"players": SIX_BOTS[:4], "rules": ENDLESS})
    game = created.get_json()
    path = f"/games/{game['id']}/abort"
    problem(own_client.post(path), 401)
    problem(own_client.post(path, token=bo["token"]), 401)  # another player: no seat here, not its creator
    problem(own_client.post(path, token="ct_" + "x" * 43), 401)
    token = {"creator token": game["creator_token"], "creating player": ann["token"], "admin": ADMIN}[who]
    ended = own_client.post(path, token=token)
    assert ended.status_code == 201, ended.get_json()
    last = ended.get_json()["events"][-1]
    assert last["type"] == "GameEnded" and last["data"]["reason"] == "aborted"
    assert own_client.get(f"/games/{game['id']}").get_json()["status"] == "finished"
    problem(own_client.post(path, token=token), 409)  # over already


def test_the_admin_does_not_end_a_game_with_a_person_in_it(own_client):
    created = own_client.create([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}])
    problem(own_client.post(f"/games/{created['id']}/abort", token=ADMIN), 403)
    assert "creator_token" not in created


REFUSED = [
    ({"players": [{"name": "Ann"}]}, None, 422),  # too few players for the rules
    ({"players": [{"player": "me"}] + [{"name": f"P{i}"} for i in range(7)]}, "player", 422),  # too many
    ({"players": [{"player": "me"}, {"open": True}], "commitment": "0" * 64}, "player", 422),  # never offered
    ({"players": [{"name": "Ann"}, {"name": "Bo"}], "rules": {"decks": 9}}, None, 422),
    ({"players": [{"name": "Ann"}, {"name": "Bo"}], "deck": ["2C"] * 52}, None, 403),  # a deck, not the admin
]


@pytest.mark.parametrize("body, token, status", REFUSED)
def test_a_refused_creation_leaves_the_key_count_unchanged(own_app, own_client, body, token, status):
    ann = register(own_client, "Ann")
    before = keys_of(own_app)
    refused = own_client.post("/games", token=ann["token"] if token else None, json=body)
    assert refused.status_code == status, refused.get_json()
    assert keys_of(own_app) == before

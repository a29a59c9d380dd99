"""GET /me/games a page at a time, from the per-player index the appends keep
(service/app/inbox.py): the order across pages, a page that reads only its own
games, moves and ends that move a game in it, and players made before it."""

from datetime import datetime, timezone

from freezegun import freeze_time

from service.store import keys
from tests.test_api_contract import problem
from tests.test_api_players import open_game, register

T0 = datetime(2026, 11, 22, 12, 0, 0, 250_000, tzinfo=timezone.utc)
MINE_FIRST, THEIRS_FIRST = [{"player": "me"}, {"name": "Bo"}], [{"name": "Bo"}, {"player": "me"}]


def inbox(client, token, **query):
    text = "&".join(f"{k}={v}" for k, v in query.items())
    response = client.get("/me/games" + (f"?{text}" if text else ""), token=token)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def every_page(client, token, limit, **query) -> list[str]:
    seen, cursor = [], None
    while True:
        page = inbox(client, token, limit=limit, **({"cursor": cursor} if cursor else {}), **query)
        assert len(page["games"]) <= limit
        seen += [g["id"] for g in page["games"]]
        cursor = page["next_cursor"]
        if cursor is None:
            return seen


def ann_in_many_games(client):
    ann = register(client, "Ann")
    with freeze_time(T0):
        made = {
            "slow": open_game(client, ann["token"], seats=MINE_FIRST, rules={"turn_timeout_s": 7200})["id"],
            "fast": open_game(client, ann["token"], seats=MINE_FIRST, rules={"turn_timeout_s": 3600})["id"],
            "untimed": open_game(client, ann["token"], seats=MINE_FIRST)["id"],
            "waiting": [open_game(client, ann["token"], seats=THEIRS_FIRST)["id"] for _ in range(4)],
            "open": open_game(client, ann["token"], seats=[{"player": "me"}, {"open": True}])["id"],
        }
    return ann, made


def test_pages_follow_one_another_in_the_inbox_order_without_repeats_or_gaps(client):
    ann, made = ann_in_many_games(client)
    whole = inbox(client, ann["token"])
    order = [g["id"] for g in whole["games"]]
    assert order[:3] == [made["fast"], made["slow"], made["untimed"]]
    assert set(order[3:]) == {*made["waiting"], made["open"]} and len(order) == 8
    assert whole["next_cursor"] is None and whole["my_turn_count"] == 3
    for limit in (1, 3, 5):
        assert every_page(client, ann["token"], limit) == order
    assert every_page(client, ann["token"], 2, status="open") == [made["open"]]
    assert every_page(client, ann["token"], 2, status="active") == [g for g in order if g != made["open"]]
    for bad in ("x", "12.g_zz", "1" * 17 + ".g_0123456789abcdef"):
        problem(client.get(f"/me/games?cursor={bad}", token=ann["token"]), 400, "invalid_request")


def test_a_page_reads_its_own_games_however_many_the_player_has(own_client, own_app):
    client, redis = own_client, own_app.extensions["iceberg"].recorder.redis  # one Redis: its counts are all
    few, many = register(client, "Few"), register(client, "Many")
    for player, count in ((few, 3), (many, 20)):
        for _ in range(count):
            open_game(client, player["token"], seats=THEIRS_FIRST)

    def commands(player) -> int:
        inbox(client, player["token"], limit=2)  # once: the process's caches warm
        redis.config_resetstat()
        inbox(client, player["token"], limit=2)
        return sum(v["calls"] for k, v in redis.info("commandstats").items() if "resetstat" not in k
                   and not k.endswith("_info"))

    assert commands(many) == commands(few)


def test_a_resignation_moves_the_game_and_a_finished_game_leaves_for_the_finished_ones(client):
    ann, made = ann_in_many_games(client)
    three = open_game(client, ann["token"], seats=[{"player": "me"}, {"name": "Bo"}, {"name": "Cy"}])["id"]
    assert inbox(client, ann["token"])["games"][2]["id"] == three  # after the timed ones: the last joined first
    assert client.post(f"/games/{three}/resign", token=ann["token"], json={}).status_code in (200, 201)
    after = inbox(client, ann["token"])
    assert after["my_turn_count"] == 3 and three in [g["id"] for g in after["games"][3:]]
    assert client.post(f"/games/{made['fast']}/resign", token=ann["token"], json={}).status_code in (200, 201)
    ids = [g["id"] for g in inbox(client, ann["token"])["games"]]
    assert made["fast"] not in ids and ids[0] == made["slow"]
    finished = inbox(client, ann["token"], status="finished")
    assert [g["id"] for g in finished["games"]] == [made["fast"]] and finished["games"][0]["status"] == "finished"


def test_a_player_made_before_the_index_gets_it_built_once(client, app):
    ann, made = ann_in_many_games(client)
    expected = inbox(client, ann["token"])
    redis = app.extensions["iceberg"].recorder.redis
    player_id = expected and client.get("/me", token=ann["token"]).get_json()["id"]
    redis.delete(keys.player_inbox(player_id))  # as the server before the index left a player
    redis.hdel(keys.player(player_id), "inbox")
    assert inbox(client, ann["token"]) == expected
    assert redis.hget(keys.player(player_id), "inbox") == b"1"


def test_a_game_read_between_an_append_and_its_follow_up_is_counted_as_it_is(client, app):
    ann, made = ann_in_many_games(client)
    redis = app.extensions["iceberg"].recorder.redis
    player_id = client.get("/me", token=ann["token"]).get_json()["id"]
    redis.zadd(keys.player_inbox(player_id), {made["fast"]: 4 * 10**13 - 1})  # as before its follow-up
    seen = inbox(client, ann["token"])
    assert seen["my_turn_count"] == 3 and made["fast"] in [g["id"] for g in seen["games"] if g["my_turn"]]
    assert [g["id"] for g in inbox(client, ann["token"])["games"]][:3] == [made["fast"], made["slow"], made["untimed"]]

"""Players, the lobby and play by mail over HTTP (docs/api.md "Players, the lobby and
play by mail"): personal tokens, open seats and invites, the inbox, resigning,
aborting and extending, on one Redis and on a cluster. Times are frozen where
deadlines matter. Every response is checked against openapi.yaml."""

from datetime import datetime, timedelta, timezone

import pytest
from freezegun import freeze_time

from service.app.tokens import token_hash
from tests import worked_example
from tests.api_client import ADMIN
from tests.test_api_contract import problem

T0 = datetime(2026, 11, 22, 12, 0, 0, 250_000, tzinfo=timezone.utc)


def register(client, name, email=None):
    response = client.post("/players", json={"name": name, **({"email": email} if email else {})})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def open_game(client, token, rules=None, listed=False, seats=None):
    """Ann's game: her seat, an open one and a bot (or `seats`)."""
    body = {"players": seats or [{"player": "me"}, {"open": True}, {"name": "Bot", "bot": "greedy"}],
            "rules": rules or {}, "listed": listed}
    response = client.post("/games", token=token, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def join(client, game, token=None, **body):
    return client.post(f"/games/{game}/join", token=token, json=body)


def log_of(client, game):
    return client.get(f"/games/{game}/events", token=ADMIN).get_json()["events"]


# --- players --------------------------------------------------------------------------------

def test_a_player_gets_a_token_shown_once_and_kept_only_as_its_hash(client, app):
    ann = register(client, "Ann", "ann@example.org")
    assert ann["id"].startswith("p_") and ann["token"].startswith("pt_") and ann["name"] == "Ann"
    me = client.get("/me", token=ann["token"]).get_json()
    assert me == {"id": ann["id"], "name": "Ann", "email": "ann@example.org", "notices": {"email": True},
                  "webhook": None}
    redis = app.extensions["iceberg"].players.redis
    record = redis.hgetall(f"iceberg:player:{ann['id']}")
    assert record[b"token"] == token_hash(ann["token"]).encode()
    assert all(ann["token"].encode() not in value for value in record.values())
    problem(client.get("/me"), 401, "unauthorized")
    problem(client.get("/me", token="pt_nonsense"), 401, "unauthorized")
    seat_token = client.create([{"name": "X"}, {"name": "Y"}])["seats"][0]["token"]
    problem(client.get("/me", token=seat_token), 401, "unauthorized")


def test_a_player_changes_their_name_address_and_notices(client):
    ann = register(client, "Ann", "ann@example.org")
    changed = client.call("PATCH", "/me", ann["token"], json={"name": "Annie", "notices": {"email": False}})
    assert changed.get_json()["name"] == "Annie" and changed.get_json()["notices"] == {"email": False}
    gone = client.call("PATCH", "/me", ann["token"], json={"email": None}).get_json()
    assert gone["email"] is None
    problem(client.call("PATCH", "/me", ann["token"], json={"email": "not an address"}), 422, "invalid_request")
    problem(client.call("PATCH", "/me", ann["token"], json={"email": "a@b.c\nBcc: x@y.z"}), 422, "invalid_request")
    problem(client.call("PATCH", "/me", ann["token"], json={"token": "x"}), 422, "invalid_request")
    problem(client.post("/players", json={"name": "  "}), 422, "invalid_request")


# --- open seats, invites, the lobby ----------------------------------------------------------

def test_an_open_seat_is_taken_with_the_invite_and_the_last_one_deals(client):
    ann, bo = register(client, "Ann"), register(client, "Bo")
    created = open_game(client, ann["token"], rules={"hands": 1})
    game = created["id"]
    assert created["status"] == "open" and created["invite"].startswith("iv_") and created["listed"] is False
    assert created["seats"][0]["player"] == ann["id"] and created["seats"][1] == {
        "seat": 1, "name": None, "bot": None, "open": True}
    table = client.get(f"/games/{game}").get_json()
    assert table["status"] == "open" and table["turn"] is None and table["seats"][1]["name"] is None
    problem(client.act(game, ann["token"], {"type": "draw"}), 409, "not_started")
    problem(join(client, game, bo["token"]), 403, "invalid_invite")
    problem(join(client, game, bo["token"], invite="iv_wrong"), 403, "invalid_invite")
    problem(join(client, game, ADMIN, invite=created["invite"]), 403, "forbidden")
    joined = join(client, game, bo["token"], invite=created["invite"])
    assert joined.status_code == 201, joined.get_json()
    body = joined.get_json()
    assert body["seat"] == 1 and body["name"] == "Bo" and body["status"] == "active" and body["player"] == bo["id"]
    table = client.get(f"/games/{game}").get_json()
    assert table["status"] == "active" and table["turn"]["seat"] == 0 and table["seats"][1]["name"] == "Bo"
    types = [e["type"] for e in log_of(client, game)]
    assert types.index("SeatTaken") < types.index("HandStarted")
    for token in (bo["token"], body["token"]):  # Bo's player token and his seat token, both for seat 1
        assert client.get(f"/games/{game}/view", token=token).get_json()["seat"] == 1
    problem(join(client, game, register(client, "Cy")["token"], invite=created["invite"]), 409, "no_open_seat")
    log = str(log_of(client, game))
    assert created["invite"] not in log and bo["token"] not in log and body["token"] not in log


def test_a_player_sits_once_in_a_game_and_a_stranger_needs_a_name(client):
    ann = register(client, "Ann")
    created = open_game(client, ann["token"], seats=[{"player": "me"}, {"open": True}, {"open": True}])
    game, invite = created["id"], created["invite"]
    problem(join(client, game, ann["token"], invite=invite), 409, "already_seated")
    problem(join(client, game, invite=invite), 422, "invalid_request")
    stranger = join(client, game, invite=invite, name="Cy", seat=2)
    assert stranger.status_code == 201 and stranger.get_json()["seat"] == 2 and "player" not in stranger.get_json()
    problem(join(client, game, invite=invite, name="Di", seat=2), 409, "seat_taken")
    assert client.get(f"/games/{game}").get_json()["status"] == "open"


def test_a_player_token_acts_for_its_seat_and_no_other(client):
    ann, bo = register(client, "Ann"), register(client, "Bo")
    game = open_game(client, ann["token"], seats=[{"player": "me", "name": "Annie"}, {"name": "Bo"}])
    assert game["status"] == "active" and game["seats"][0]["name"] == "Annie"
    assert client.act(game["id"], ann["token"], {"type": "draw"}).status_code == 201
    problem(client.get(f"/games/{game['id']}/view", token=bo["token"]), 401, "unauthorized")
    other = client.create([{"name": "X"}, {"name": "Y"}])
    problem(client.get(f"/games/{other['id']}/view", token=ann["token"]), 401, "unauthorized")
    problem(client.post("/games", json={"players": [{"player": "me"}, {"name": "B"}]}), 401, "unauthorized")
    problem(client.post("/games", token=ann["token"], json={"players": [{"player": "me"}, {"player": "me"}]}),
            422, "invalid_request")


def test_a_listed_game_is_in_the_lobby_until_its_seats_are_taken_and_needs_no_invite(client):
    ann = register(client, "Ann")
    created = open_game(client, ann["token"], listed=True, rules={"turn_timeout_s": 86400})
    lobby = client.get("/lobby").get_json()["games"]
    entry = next(g for g in lobby if g["id"] == created["id"])
    assert entry["name"] == "Ann's Iceberg game" and entry["open_seats"] == 1
    assert entry["rules"]["turn_timeout_s"] == 86400 and "invite" not in str(lobby)
    assert join(client, created["id"], name="Bo").status_code == 201
    assert created["id"] not in [g["id"] for g in client.get("/lobby").get_json()["games"]]
    unlisted = open_game(client, ann["token"])
    assert unlisted["id"] not in [g["id"] for g in client.get("/lobby").get_json()["games"]]


def test_a_deck_is_for_games_dealt_at_once(client):
    body = {"players": [{"name": "Ann"}, {"open": True}], "deck": list(worked_example.deck())[:52]}
    problem(client.post("/games", token=ADMIN, json=body), 422, "invalid_request")


# --- the inbox --------------------------------------------------------------------------------

def test_my_games_show_my_turns_first_the_soonest_deadline_first(client):
    ann, bo = register(client, "Ann"), register(client, "Bo")
    seats = [{"player": "me"}, {"name": "Bo"}]
    with freeze_time(T0):
        untimed = open_game(client, ann["token"], seats=seats)["id"]
        later = open_game(client, ann["token"], seats=seats, rules={"turn_timeout_s": 7200})["id"]
        sooner = open_game(client, ann["token"], seats=seats, rules={"turn_timeout_s": 3600})["id"]
        waiting = open_game(client, ann["token"], seats=[{"name": "Bo"}, {"player": "me"}])["id"]
        still_open = open_game(client, ann["token"], seats=[{"player": "me"}, {"open": True}])
        inbox = client.get("/me/games", token=ann["token"]).get_json()
    order = [g["id"] for g in inbox["games"]]
    assert order[:3] == [sooner, later, untimed] and set(order[3:]) == {waiting, still_open["id"]}
    assert inbox["my_turn_count"] == 3
    mine = {g["id"]: g for g in inbox["games"]}
    assert mine[sooner]["deadline"] == "2026-11-22T13:00:00.250Z" and mine[untimed]["deadline"] is None
    assert mine[waiting]["my_turn"] is False and mine[waiting]["seat"] == 1 and mine[waiting]["turn"] == 0
    assert mine[still_open["id"]]["status"] == "open"
    opened = client.get("/me/games?status=open", token=ann["token"]).get_json()
    assert [g["id"] for g in opened["games"]] == [still_open["id"]] and opened["my_turn_count"] == 3
    assert client.get("/me/games", token=bo["token"]).get_json() == {"my_turn_count": 0, "games": [], "next_cursor": None}
    problem(client.get("/me/games?status=lost", token=ann["token"]), 400, "invalid_request")
    assert client.post(f"/games/{waiting}/abort", token=ann["token"]).status_code == 201
    finished = client.get("/me/games?status=finished", token=ann["token"]).get_json()["games"]
    assert [g["id"] for g in finished] == [waiting] and finished[0]["winners"] == []
    assert waiting not in [g["id"] for g in client.get("/me/games", token=ann["token"]).get_json()["games"]]


def test_the_running_deadline_is_in_the_table_and_the_view(client):
    with freeze_time(T0):
        created = client.create([{"name": "Ann"}, {"name": "Bo"}], rules={"turn_timeout_s": 60})
    table = client.get(f"/games/{created['id']}").get_json()
    view = client.get(f"/games/{created['id']}/view", token=created["seats"][0]["token"]).get_json()
    assert table["turn"]["deadline"] == view["turn"]["deadline"] == "2026-11-22T12:01:00.250Z"
    assert view["extensions_left"] == 0 and table["withdrawn"] == []


# --- ending a game by people ------------------------------------------------------------------

def test_a_resignation_ends_a_game_of_two_and_the_other_wins(client):
    created = client.create([{"name": "Ann"}, {"name": "Bo"}])
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    resigned = client.post(f"/games/{game}/resign", token=tokens[1])
    assert resigned.status_code == 201
    events = resigned.get_json()["events"]
    assert [e["type"] for e in events] == ["SeatResigned", "GameEnded"]
    assert events[1]["data"]["winners"] == [0] and events[1]["data"]["reason"] == "resigned"
    problem(client.post(f"/games/{game}/resign", token=tokens[0]), 409, "game_over")


def test_a_resigned_seat_is_the_bot_s_and_takes_no_more_actions(client):
    created = client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], deck=worked_example.deck())
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    assert client.post(f"/games/{game}/resign", token=tokens[0]).status_code == 201
    table = client.get(f"/games/{game}").get_json()
    assert table["status"] == "active" and table["withdrawn"] == [0] and table["seats"][0]["bot"] == "greedy"
    problem(client.act(game, tokens[0], {"type": "draw"}), 409, "withdrawn")
    problem(client.post(f"/games/{game}/resign", token=tokens[0]), 409, "withdrawn")


def test_abort_is_refused_once_a_human_has_acted(client):
    with freeze_time(T0):
        created = client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], deck=worked_example.deck(),
                                rules={"turn_timeout_s": 3600})
        game, tokens = created["id"], [s["token"] for s in created["seats"]]
        problem(client.post(f"/games/{game}/abort", token=ADMIN), 403, "forbidden")
        problem(client.post(f"/games/{game}/abort"), 401, "unauthorized")
        seat, body = worked_example.BODIES[0]
        assert client.act(game, tokens[seat], body).status_code == 201
        problem(client.post(f"/games/{game}/abort", token=tokens[2]), 409, "abort_refused")
    fresh = client.create([{"name": "Ann"}, {"name": "Bo"}])
    aborted = client.post(f"/games/{fresh['id']}/abort", token=fresh["seats"][1]["token"], json={})
    assert aborted.status_code == 201
    assert aborted.get_json()["events"][-1]["data"] == {"winners": [], "totals": [0, 0], "reason": "aborted"}


def test_an_extension_moves_the_deadline_and_is_refused_past_the_allowance(client):
    with freeze_time(T0):
        created = client.create([{"name": "Ann"}, {"name": "Bo"}],
                                rules={"turn_timeout_s": 60, "extensions": 1, "extension_s": 3600})
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    with freeze_time(T0 + timedelta(seconds=59)):
        problem(client.post(f"/games/{game}/extend", token=tokens[1]), 409, "not_your_turn")
        extended = client.post(f"/games/{game}/extend", token=tokens[0])
        assert extended.status_code == 201
        assert extended.get_json()["events"] == [{"version": extended.get_json()["version"],
                                                  "type": "DeadlineExtended", "at": "2026-11-22T12:00:59.250Z",
                                                  "data": {"seat": 0, "deadline": "2026-11-22T13:01:00.250Z"}}]
        problem(client.post(f"/games/{game}/extend", token=tokens[0]), 409, "no_extensions_left")
    with freeze_time(T0 + timedelta(seconds=61)):  # the first deadline is gone: the move is in time
        assert client.act(game, tokens[0], {"type": "draw"}).status_code == 201
    assert client.get(f"/games/{game}/view", token=tokens[0]).get_json()["extensions_left"] == 0
    problem(client.post(f"/games/{game}/extend", token=tokens[0], json={"by": 5}), 422, "invalid_request")


def test_on_timeout_forfeit_ends_a_two_player_game_for_the_late_seat(own_redis, own_client, monkeypatch):
    from tests.workers_helpers import use_context

    use_context(monkeypatch, own_redis.url)
    from workers.deadlines import check_deadline

    with freeze_time(T0):
        created = own_client.create([{"name": "Ann"}, {"name": "Bo"}],
                                    rules={"turn_timeout_s": 60, "on_timeout": "forfeit"})
    game = created["id"]
    deadline = own_client.get(f"/games/{game}").get_json()["turn"]["deadline"]
    with freeze_time(T0 + timedelta(seconds=59)):
        assert check_deadline(game, deadline) == "not due"
    with freeze_time(T0 + timedelta(seconds=60)):
        assert check_deadline(game, deadline) == "timed out seat 0"
    ended = log_of(own_client, game)[-3:]
    assert [e["type"] for e in ended] == ["TurnTimedOut", "SeatForfeited", "GameEnded"]
    assert ended[-1]["data"]["winners"] == [1] and ended[-1]["data"]["reason"] == "forfeit"


@pytest.mark.parametrize("path", ["resign", "abort", "extend"])
def test_seat_commands_take_no_body_and_a_seat_s_token(client, path):
    created = client.create([{"name": "Ann"}, {"name": "Bo"}])
    game, token = created["id"], created["seats"][0]["token"]
    problem(client.post(f"/games/{game}/{path}", token=token, json={"seat": 1}), 422, "invalid_request")
    problem(client.post(f"/games/{game}/{path}", token=token, data="x", headers={"Content-Type": "text/plain"}),
            415, "unsupported_media_type")
    problem(client.post(f"/games/{game}/{path}", token="st_nope"), 401, "unauthorized")
    assert client.get(f"/games/{game}").get_json()["version"] == created["version"]


def test_joiners_racing_for_the_open_seats_each_get_a_seat_or_a_clean_refusal(app, client):
    """Eight strangers join a game with two open seats at the same instant: two
    are seated, in different seats, the others get 409; the log is sound."""
    import threading

    from tests.api_client import ApiClient

    ann = register(client, "Ann")
    created = open_game(client, ann["token"], seats=[{"player": "me"}, {"open": True}, {"open": True}])
    barrier, results = threading.Barrier(8), [None] * 8

    def one(i):
        racer = ApiClient(app.test_client())
        barrier.wait()
        answer = join(racer, created["id"], invite=created["invite"], name=f"R{i}")
        results[i] = (answer.status_code, answer.get_json())

    threads = [threading.Thread(target=one, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seated = [body for status, body in results if status == 201]
    assert sorted(body["seat"] for body in seated) == [1, 2]
    assert all(status == 409 and body["code"] == "no_open_seat" for status, body in results if status != 201)
    store = app.extensions["iceberg"].recorder
    assert store.verify(created["id"]) == []
    events = [e.type for e in store.read(created["id"])]
    assert events.count("SeatTaken") == 2 and events.count("HandStarted") == 1
    table = client.get(f"/games/{created['id']}").get_json()
    assert table["status"] == "active" and {s["name"] for s in table["seats"][1:]} == {b["name"] for b in seated}

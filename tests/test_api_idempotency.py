"""Idempotency done right: the same key with the same request replays the
first answer and changes nothing; the same key with another request is 422
idempotency_key_reused and changes nothing; POST /games honours the key, and
the answer it keeps (it holds the seat tokens) is sealed under the key itself."""

import threading

from service.wiring import connect
from tests.api_client import worked_game
from tests.test_api_input import games, problem

PLAYERS = [{"name": "Ann"}, {"name": "Bo"}]


def version(client, game_id):
    return client.get(f"/games/{game_id}").get_json()["version"]


def test_an_action_replayed_with_its_key_returns_the_first_answer(own_client):
    created, tokens = worked_game(own_client)
    game = created["id"]
    first = own_client.act(game, tokens[0], {"type": "draw"}, headers={"Idempotency-Key": "k-1"})
    again = own_client.act(game, tokens[0], {"type": "draw"}, headers={"Idempotency-Key": "k-1"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_json() == first.get_json()
    assert version(own_client, game) == first.get_json()["version"]


def test_a_key_reused_with_another_body_or_if_match_is_refused_and_changes_nothing(own_client):
    created, tokens = worked_game(own_client)
    game = created["id"]
    drawn = own_client.act(game, tokens[0], {"type": "draw"}, headers={"Idempotency-Key": "k-2"}).get_json()
    at = version(own_client, game)
    other_body = own_client.act(game, tokens[0], {"type": "discard", "card": "JH"}, headers={"Idempotency-Key": "k-2"})
    problem(other_body, 422, "idempotency_key_reused")
    other_precondition = own_client.act(game, tokens[0], {"type": "draw"},
                                        headers={"Idempotency-Key": "k-2", "If-Match": f'"{drawn["version"]}"'})
    problem(other_precondition, 422, "idempotency_key_reused")
    assert version(own_client, game) == at
    # another seat's identical key is its own key
    assert own_client.act(game, tokens[1], {"type": "draw"}, headers={"Idempotency-Key": "k-2"}).status_code == 409


def test_a_retried_create_makes_one_game_and_returns_the_same_tokens(own_client, own_redis):
    before = games(own_redis.url)
    first = own_client.post("/games", json={"players": PLAYERS}, headers={"Idempotency-Key": "create-1"})
    again = own_client.post("/games", json={"players": PLAYERS}, headers={"Idempotency-Key": "create-1"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json() and again.headers["Location"] == first.headers["Location"]
    assert games(own_redis.url) == before + 1
    token = first.get_json()["seats"][0]["token"]
    assert own_client.get(f"/games/{first.get_json()['id']}/view", token=token).status_code == 200


def test_a_create_key_reused_with_another_body_is_refused(own_client, own_redis):
    own_client.post("/games", json={"players": PLAYERS}, headers={"Idempotency-Key": "create-2"})
    before = games(own_redis.url)
    other = own_client.post("/games", json={"players": PLAYERS + [{"name": "Cy"}]},
                            headers={"Idempotency-Key": "create-2"})
    problem(other, 422, "idempotency_key_reused")
    assert games(own_redis.url) == before


def test_a_refused_create_frees_its_key(own_client):
    refused = own_client.post("/games", json={"players": [{"name": "A"}]}, headers={"Idempotency-Key": "create-3"})
    assert refused.status_code == 422
    refused_again = own_client.post("/games", json={"players": [{"name": "A"}]}, headers={"Idempotency-Key": "create-3"})
    assert refused_again.status_code == 422 and refused_again.get_json()["code"] != "idempotency_key_reused"


def test_the_kept_answer_holds_no_token_and_no_key_in_the_clear(own_client, own_redis):
    key = "create-secret-key-4"
    created = own_client.post("/games", json={"players": PLAYERS}, headers={"Idempotency-Key": key}).get_json()
    token = created["seats"][0]["token"]
    redis = connect(own_redis.url)
    dump = b"".join(k + (redis.dump(k) or b"") for k in redis.scan_iter(match="*"))
    assert token.encode() not in dump and key.encode() not in dump


def test_concurrent_creates_with_one_key_make_one_game(own_app, own_redis):
    from tests.api_client import ApiClient

    before = games(own_redis.url)
    answers = []

    def create():
        client = ApiClient(own_app.test_client())
        answers.append(client.post("/games", json={"players": PLAYERS}, headers={"Idempotency-Key": "create-5"}))

    threads = [threading.Thread(target=create) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert games(own_redis.url) == before + 1
    made = {a.get_json()["id"] for a in answers if a.status_code == 201}
    assert len(made) == 1
    assert all(a.status_code == 201 or (a.status_code == 409 and a.get_json()["code"] == "request_in_progress")
               for a in answers)

"""A store that answers but refuses writes (here: too few replicas, as a failed
disk or a read-only replica would) gives 503 `store_unavailable`, changes
nothing, and shows in /healthz; the server recovers by itself when it clears."""

import redis

from tests import worked_example


def test_refused_writes_are_503_store_unavailable_and_healthz_says_so(own_redis, own_client):
    created = own_client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], deck=worked_example.deck())
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    seat, body = worked_example.BODIES[0]
    before = own_client.get(f"/games/{game}/events").get_json()["events"]
    admin = redis.Redis.from_url(own_redis.url)
    admin.config_set("min-replicas-to-write", 1)  # no replica exists: every write is refused
    try:
        refused = own_client.post(f"/games/{game}/actions", tokens[seat], json=body)
        assert refused.status_code == 503 and refused.get_json()["code"] == "store_unavailable"
        assert refused.headers["Retry-After"]
        health = own_client.get("/healthz")
        assert health.status_code == 503 and health.get_json()["checks"]["store_writable"] is False
        assert own_client.get(f"/games/{game}/events").get_json()["events"] == before
    finally:
        admin.config_set("min-replicas-to-write", 0)
    assert own_client.get("/healthz").get_json()["checks"]["store_writable"] is True
    assert own_client.post(f"/games/{game}/actions", tokens[seat], json=body).status_code == 201


def test_a_store_that_does_not_answer_is_503_on_every_game_url_never_a_500(own_redis, own_client):
    game = own_client.create([{"name": "Ann"}, {"name": "Bo"}])["id"]
    own_redis.stop()  # the game's URL is read (an archived game brought back) before its view: that too
    for path in (f"/games/{game}", f"/games/{game}/events", f"/games/{game}/view?seat=0"):
        answer = own_client.get(path)
        assert answer.status_code == 503 and answer.get_json()["code"] == "store_unavailable", path

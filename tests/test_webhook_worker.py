"""Webhooks through a real worker process and a real redis-server: delivery ids,
the seat's delivery log and who may read it, one log line per failed attempt,
and endpoints that hold their connections delaying nothing but other notices."""

import time

from tests import worked_example
from tests.builders import stacked_deck
from tests.receivers import Receiver
from tests.webhook_servers import Tarpit
from tests.worked_example import STOCK, A, B
from tests.workers_helpers import kill_group, start_worker, wait_until

# --- through the real worker: delivery ids, the seat's log, one line per failure ------------

def play_a_turn(client, game, token):
    """Pick up the passed card if there is one, draw, discard: the discard's response."""
    for _ in range(3):
        actions = client.get(f"/games/{game}/view", token=token).get_json()["actions"]
        action = next((a for kind in ("pickup", "draw", "discard") for a in actions if a["type"] == kind), None)
        assert action is not None, actions
        response = client.act(game, token, action)
        assert response.status_code == 201, response.get_json()
        if action["type"] == "discard":
            return response
    raise AssertionError("no discard in three actions")


def deliveries(app, game, seat, token):
    return app.test_client().get(f"/games/{game}/seats/{seat}/webhook/deliveries",
                                 headers={"Authorization": f"Bearer {token}"})


def test_a_failing_webhook_gets_one_delivery_id_a_log_line_per_attempt_and_its_owner_sees_the_attempts(
        own_redis, own_app, own_client, servers, tmp_path):
    failing, good = servers(Receiver(500)), servers(Receiver(200))
    output = tmp_path / "notices.log"
    worker = start_worker(own_redis.url, queues="notices", output=output)
    try:
        created = own_client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], rules={"hands": 1},
                                    deck=worked_example.deck())
        game, tokens = created["id"], [s["token"] for s in created["seats"]]
        registered = own_client.call("PUT", f"/games/{game}/seats/1/webhook", tokens[1], json={"url": failing.url})
        secret = registered.get_json()["secret"]
        own_client.call("PUT", f"/games/{game}/seats/2/webhook", tokens[2], json={"url": good.url})
        play_a_turn(own_client, game, tokens[0])  # Bo's turn: a notice to the failing URL
        play_a_turn(own_client, game, tokens[1])  # Cy's turn: one to the good URL
        wait_until(lambda: good.received and len(failing.received) == 3, timeout=30, what="the deliveries")
        wait_until(lambda: output.read_text().count("webhook delivery failed") == 3, timeout=10,
                   what="three log lines", diagnose=output.read_text)
        wait_until(lambda: len(deliveries(own_app, game, 1, tokens[1]).get_json()["deliveries"]) == 3, timeout=10)
    finally:
        kill_group(worker)
    ids = {headers["X-Iceberg-Delivery"] for headers, _ in failing.received}
    (failing_id,) = ids  # the same id on the first try and on both retries
    good_id = good.received[0][0]["X-Iceberg-Delivery"]
    assert good_id != failing_id and len(good_id) >= 16

    answer = deliveries(own_app, game, 1, tokens[1])
    assert answer.status_code == 200 and secret not in answer.get_data(as_text=True)
    attempts = answer.get_json()["deliveries"]
    assert [a["attempt"] for a in attempts] == [3, 2, 1]  # newest first
    for attempt in attempts:
        assert attempt["delivery"] == failing_id and attempt["kind"] == "your_turn"
        assert attempt["ok"] is False and attempt["status"] == 500 and attempt["error"] == "answered 500"
        assert attempt["ms"] >= 0 and attempt["at"].endswith("Z")
    (delivered,) = deliveries(own_app, game, 2, tokens[2]).get_json()["deliveries"]
    assert delivered["ok"] is True and delivered["status"] == 200 and delivered["delivery"] == good_id

    log = output.read_text()
    lines = [line for line in log.splitlines() if "webhook delivery failed" in line]
    assert all(" iceberg.notices WARNING " in line and f"game {game} seat 1 kind your_turn delivery {failing_id}"
               in line and "answered 500" in line for line in lines)
    assert [line.rsplit("; ", 1)[1] for line in lines] == ["retrying in 1 s", "retrying in 1 s", "giving up"]
    assert "Traceback" not in log


def test_the_delivery_log_and_the_webhook_are_for_the_seats_owner_only(own_app, own_client):
    from tests.api_client import ADMIN

    created = own_client.create([{"name": "Ann"}, {"name": "Bo"}])
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    http = own_app.test_client()

    def get(path, token=None):
        return http.get(path, headers={"Authorization": f"Bearer {token}"} if token else {})

    for path in (f"/games/{game}/seats/0/webhook", f"/games/{game}/seats/0/webhook/deliveries"):
        assert get(path).status_code == 401
        assert get(path, tokens[1]).status_code == 403
        assert get(path, ADMIN).status_code == 403
        assert get(path.replace(game, "g_0000000000000000"), ADMIN).status_code == 404
        assert get(path.replace(game, "nonsense")).status_code == 404
    assert get(f"/games/{game}/seats/0/webhook", tokens[0]).status_code == 404  # none registered yet
    assert get(f"/games/{game}/seats/0/webhook/deliveries", tokens[0]).get_json() == {"seat": 0, "deliveries": []}
    put = own_client.call("PUT", f"/games/{game}/seats/0/webhook", tokens[0], json={"url": "http://127.0.0.1:9/h"})
    shown = get(f"/games/{game}/seats/0/webhook", tokens[0])
    assert shown.status_code == 200 and shown.get_json() == {"seat": 0, "url": "http://127.0.0.1:9/h"}
    assert put.get_json()["secret"] not in shown.get_data(as_text=True)


def test_the_delivery_log_keeps_the_last_twenty_attempts(redis_server):
    import redis

    from service.store import keys
    from service.store.deliveries import Deliveries

    log = Deliveries(redis.Redis.from_url(redis_server.url))
    game = "g_" + "%016x" % int(time.time() * 1e6)
    for n in range(25):
        log.record(game, 1, {"attempt": n})
    assert [entry["attempt"] for entry in log.of(game, 1)] == list(range(24, 4, -1))
    assert log.of(game, 0) == [] and 0 < log.redis.ttl(keys.deliveries(game, 1)) <= 30 * 86400


# --- the tarpit: endpoints that hold their connections delay no bot -----------------------

def test_ten_webhooks_that_hold_their_connections_do_not_delay_an_unrelated_bot(own_redis, own_app, own_client,
                                                                                 servers, tmp_path):
    store = own_app.extensions["iceberg"].recorder
    tarpits = [servers(Tarpit()) for _ in range(10)]
    # the two workers `iceberg serve` runs
    workers = [start_worker(own_redis.url, queues=queue, output=tmp_path / f"{queue}.log")
               for queue in ("iceberg", "notices")]
    try:
        # the unrelated game: the bot opens, which also shows the game worker is up
        bot_game = own_client.create([{"name": "Bot", "bot": "greedy"}, {"name": "Ann"}], rules={"hands": 1},
                                     deck=stacked_deck([A, B], STOCK))
        game, ann = bot_game["id"], bot_game["seats"][1]["token"]
        wait_until(lambda: own_client.get(f"/games/{game}/view", token=ann).get_json()["actions"], timeout=30,
                   what="the bot's opening turn")
        # ten games, each sending a notice to a webhook that never answers
        for tarpit in tarpits:
            other = own_client.create([{"name": "P"}, {"name": "Q"}, {"name": "R"}], rules={"hands": 1},
                                      deck=worked_example.deck())
            tokens = [s["token"] for s in other["seats"]]
            own_client.call("PUT", f"/games/{other['id']}/seats/1/webhook", tokens[1], json={"url": tarpit.url})
            play_a_turn(own_client, other["id"], tokens[0])
        wait_until(lambda: any(t.held for t in tarpits), timeout=30, what="the notices worker held by a tarpit")

        version = play_a_turn(own_client, game, ann).get_json()["version"]  # the discard, acknowledged
        start = time.monotonic()
        bot_moved = wait_until(lambda: store.version(game) > version, timeout=10, every=0.005,
                               what="the bot's reply")
        elapsed = time.monotonic() - start
        held = sum(len(t.held) for t in tarpits)
    finally:
        for worker in workers:
            kill_group(worker)
    assert bot_moved and store.read(game, after=version)[0].actor.startswith("b")  # the bot's event, not ours
    assert elapsed < 1.0, f"the bot answered after {elapsed:.2f} s"
    assert held >= 1  # the tarpits were holding the notices worker's connections meanwhile


def test_twelve_tarpits_delay_only_their_own_notices_another_player_s_arrives_within_3_s(
        own_redis, own_client, servers, tmp_path):
    """Twelve endpoints that trickle their answer's headers a byte a second, in
    twelve games; another player's notice goes out at once beside them."""
    tarpits = [servers(Tarpit(trickle_s=1)) for _ in range(12)]
    good = servers(Receiver(200))
    worker = start_worker(own_redis.url, queues="notices", output=tmp_path / "notices.log")
    try:
        for tarpit in tarpits:
            other = own_client.create([{"name": "P"}, {"name": "Q"}, {"name": "R"}], rules={"hands": 1},
                                      deck=worked_example.deck())
            tokens = [s["token"] for s in other["seats"]]
            own_client.call("PUT", f"/games/{other['id']}/seats/1/webhook", tokens[1], json={"url": tarpit.url})
            play_a_turn(own_client, other["id"], tokens[0])
        wait_until(lambda: sum(bool(t.held) for t in tarpits) >= 6, timeout=30, what="the tarpits holding notices")
        game = own_client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}], rules={"hands": 1},
                                 deck=worked_example.deck())
        tokens = [s["token"] for s in game["seats"]]
        own_client.call("PUT", f"/games/{game['id']}/seats/1/webhook", tokens[1], json={"url": good.url})
        play_a_turn(own_client, game["id"], tokens[0])  # Bo's turn begins: his notice
        started = time.monotonic()
        wait_until(lambda: good.received, timeout=60, every=0.01, what="Bo's notice")
        took = time.monotonic() - started
    finally:
        kill_group(worker)
    assert took < 3.0, f"Bo's notice arrived after {took:.1f} s"

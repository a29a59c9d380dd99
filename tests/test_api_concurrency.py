"""Concurrency: many requests at once for one seat. The Lua append's version
check lets exactly one through; the log keeps no gap and no duplicate."""

import threading

from tests.api_client import ApiClient, worked_game

THREADS = 24


def fire(app, game, token, action, headers=None):
    """Send the same request from THREADS threads released at the same instant."""
    barrier = threading.Barrier(THREADS)
    results = [None] * THREADS

    def one(i):
        client = ApiClient(app.test_client())
        barrier.wait()
        response = client.act(game, token, action, headers=headers)
        results[i] = (response.status_code, response.get_json())

    threads = [threading.Thread(target=one, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def log_is_sound(app, game):
    store = app.extensions["iceberg"].recorder
    assert store.verify(game) == []
    versions = [e.version for e in store.read(game)]
    assert versions == list(range(1, len(versions) + 1))
    return versions[-1]


def test_the_same_action_from_24_threads_succeeds_once(app, client):
    created, tokens = worked_game(client)
    game = created["id"]
    results = fire(app, game, tokens[0], {"type": "draw"})
    statuses = sorted(status for status, _ in results)
    assert statuses.count(201) == 1
    assert all(400 <= s < 500 for s in statuses if s != 201)
    codes = {body["code"] for status, body in results if status != 201}
    assert codes <= {"version_conflict", "already_drawn"}
    last = log_is_sound(app, game)
    winner = next(body for status, body in results if status == 201)
    assert last == winner["version"] == created["version"] + 2  # CardDrawn, AceRevealed


def test_24_threads_with_one_idempotency_key_all_get_the_first_response(app, client):
    created, tokens = worked_game(client)
    game = created["id"]
    results = fire(app, game, tokens[0], {"type": "draw"}, headers={"Idempotency-Key": "same"})
    assert {status for status, _ in results} == {201}
    assert len({str(body) for _, body in results}) == 1
    assert log_is_sound(app, game) == created["version"] + 2


def test_threads_playing_different_games_do_not_interfere(app, client):
    games = [worked_game(client) for _ in range(6)]
    barrier = threading.Barrier(len(games))
    failures = []

    def play(created, tokens):
        c = ApiClient(app.test_client())
        barrier.wait()
        for action in ({"type": "draw"}, {"type": "meld", "cards": ["9S", "8S", "7S"]},
                       {"type": "discard", "card": "JH"}):
            response = c.act(created["id"], tokens[0], action)
            if response.status_code != 201:
                failures.append(response.get_json())

    threads = [threading.Thread(target=play, args=g) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    for created, _ in games:
        # draw (CardDrawn, AceRevealed), meld, discard: four events each
        assert log_is_sound(app, created["id"]) == created["version"] + 4


def test_a_process_with_a_stale_cache_still_gets_the_truth(backend):
    """Two processes (two apps) on one store: the second decides on its cached
    state, finds it stale, reloads and answers as the log says."""
    from service.http.app import create_app

    first, second = (ApiClient(create_app(backend).test_client()) for _ in range(2))
    created, tokens = worked_game(first)
    game = created["id"]
    assert second.get(f"/games/{game}/view", token=tokens[0]).status_code == 200  # cached at creation
    assert first.act(game, tokens[0], {"type": "draw"}).status_code == 201  # the second does not know
    discard = second.act(game, tokens[0], {"type": "discard", "card": "JH"})
    assert discard.status_code == 201, discard.get_json()  # legal on the real state: done
    again = ApiClient(create_app(backend).test_client())
    again.get(f"/games/{game}/view", token=tokens[1])
    first.act(game, tokens[1], {"type": "draw"})
    refused = again.act(game, tokens[1], {"type": "draw"})  # legal on its cache, done already
    assert refused.status_code == 409 and refused.get_json()["code"] == "already_drawn"
    assert log_is_sound(first.http.application, game) == created["version"] + 4

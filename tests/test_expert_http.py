"""A person against the expert bot through HTTP, to the end, in every variant:
the worker plays the bot's turns (one job a turn); afterwards the game's log
is replayed event by event through the conformance suite's leak check (every
reader's table, view, bot view and events), and no response ever shows the
expert's blanked cards ("?<n>", kernel/masking.py) or its view's `known`."""

import json
import random
import re

import pytest
from rq import SimpleWorker
from rq.serializers import JSONSerializer

from domain import registry
from domain.selfplay import START
from tests.api_client import ADMIN
from tests.conformance import Game, Step
from tests.conformance_leaks import nothing_leaks

BLANK = re.compile(r'"\?\d+"')


def _game_from_log(variant, events, stops: set) -> Game:
    """The stored log as a conformance Game, a step ending at each version the test saw the game at (a
    whole move's events: every reader is checked after each event, its views after each step)."""
    state, steps, batch, before = variant.initial, [], [], variant.initial
    for n, record in enumerate(events):
        state = variant.evolve(state, variant.event(record["type"], record["data"]))
        batch.append(variant.event(record["type"], record["data"]))
        if record["version"] in stops or n == len(events) - 1:
            steps.append(Step(before, None, "", START, batch, state))
            before, batch = state, []
    return Game(variant, steps, None, False)


def _checked(response) -> dict:
    body = response.get_json()
    text = json.dumps(body)
    assert not BLANK.search(text) and '"known"' not in text, "a response shows the expert's view of the game"
    return body


@pytest.mark.parametrize("name", sorted(registry.VARIANTS))
def test_a_person_plays_the_expert_to_the_end_and_nobody_sees_a_hidden_card(name, own_redis, own_app, own_client,
                                                                           monkeypatch):
    from tests.workers_helpers import use_context

    use_context(monkeypatch, own_redis.url, ICEBERG_BOT_THINK_MS="50")  # the jobs run here, on the test's Redis
    variant, ctx, rng = registry.named(name), own_app.extensions["iceberg"], random.Random(name)
    seats = [{"name": "Ann"}] + [{"name": f"Ex{i}", "bot": "expert"} for i in range(1, variant.players[0])]
    created = own_client.post("/games", json={"variant": name, "players": seats, "rules": {"max_hands": 1}})
    assert created.status_code == 201, created.get_json()
    game, token = created.get_json()["id"], created.get_json()["seats"][0]["token"]
    bot_turns, stops = 0, set()
    for _ in range(400):
        table = _checked(own_client.get(f"/games/{game}"))
        stops.add(table["version"])
        if table["status"] == "finished":
            break
        view = _checked(own_client.get(f"/games/{game}/view", token=token))
        if view["actions"]:
            assert _checked(own_client.act(game, token, rng.choice(view["actions"]))) is not None
        else:  # an expert's turn: its job plays it
            SimpleWorker([ctx.jobs.queue], connection=ctx.jobs.queue.connection,
                         serializer=JSONSerializer).work(burst=True)
            bot_turns += 1
    assert table["status"] == "finished", "the game did not end"
    assert bot_turns > 0
    log = _checked(own_client.get(f"/games/{game}/events?limit=1000", token=ADMIN))["events"]
    assert log[-1]["type"] == "GameEnded", "the whole log fits one page"
    nothing_leaks(_game_from_log(variant, log, stops))

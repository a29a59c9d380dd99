"""openapi.yaml makes a usable, typed client: openapi-python-client generates
a Python package from it without a warning, mypy --strict accepts a client
script written on that package and rejects the misuses its types forbid, and
the script plays a whole game against a real `iceberg serve` (a real process
with its embedded Redis on a free port, tests/test_serve.py's `Serve`).

The script is a human seat against the greedy bot, one hand of Iceberg dealt
from a fixed deck, the human playing the first legal action of its view each
turn. Seat 0 moves first, so its first draw comes before any bot move: the
checks on what it sees are the same on every run."""

import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from service.runtime.redis_server import free_port
from tests.test_serve import BIN, Serve, request

ROOT = Path(__file__).resolve().parent.parent
ADMIN = "generated-client-admin-token"
PACKAGE = "iceberg_client"

# The generator's own post-hooks (ruff) only format its output: off, so the test
# does not depend on them. application/yaml (GET /openapi.yaml) is text to it.
CONFIG = """\
post_hooks: []
content_type_overrides:
  application/yaml: text/plain
"""

PLAY = '''\
"""One Iceberg game through the generated client only (argv: url, admin token, deck as JSON)."""

import json
import sys
import time

import httpx

from iceberg_client import AuthenticatedClient, Client
from iceberg_client.api.actions import post_action
from iceberg_client.api.games import create_game, get_game, get_view
from iceberg_client.api.log import get_events, get_hand, get_replay
from iceberg_client.api.ops import healthz, list_variants
from iceberg_client.models import (
    ActionType,
    BotName,
    Building,
    CardDrawnEvent,
    CreateIcebergGame,
    Created,
    DiscardAction,
    EventsPage,
    GameCreatedEvent,
    GameEndedData,
    GameEndedEvent,
    GameStatus,
    HandEndedEvent,
    HandResult,
    HandStartedEvent,
    Health,
    HealthStatus,
    IcebergGameCreatedData,
    IcebergHandEndedData,
    IcebergHandStartedData,
    IcebergReplayState,
    IcebergResultRow,
    IcebergRules,
    IcebergRulesOut,
    PlayerIn,
    Problem,
    ProblemCode,
    PublicTable,
    Replay,
    Variant,
    VariantList,
    View,
)
from iceberg_client.types import Unset


def play(url: str, admin_token: str, deck: list[str]) -> dict[str, object]:
    timeout = httpx.Timeout(40.0)
    anyone = Client(base_url=url, timeout=timeout, raise_on_unexpected_status=True)
    admin = AuthenticatedClient(base_url=url, token=admin_token, timeout=timeout, raise_on_unexpected_status=True)

    health = healthz.sync(client=anyone)
    assert isinstance(health, Health) and health.status is HealthStatus.OK, health
    variants = list_variants.sync(client=anyone)
    assert isinstance(variants, VariantList)
    iceberg = next(v for v in variants.variants if v.name is Variant.ICEBERG)
    assert ActionType.PICKUP in iceberg.actions and ActionType.TAKE_PILE not in iceberg.actions

    body = CreateIcebergGame(players=[PlayerIn(name="Ann"), PlayerIn(name="Bot", bot=BotName.GREEDY)],
                             rules=IcebergRules(hands=1), deck=deck)
    created = create_game.sync(client=admin, body=body)
    assert isinstance(created, Created), created
    game = created.id
    token = created.seats[0].token
    assert isinstance(token, str) and isinstance(created.seats[1].token, Unset)
    me = AuthenticatedClient(base_url=url, token=token, timeout=timeout, raise_on_unexpected_status=True)

    # an error is a typed Problem: a discard before the draw
    refused = post_action.sync(game, client=me, body=DiscardAction(type_="discard", card=deck[0]))
    assert isinstance(refused, Problem), refused
    problem = refused.code

    hidden_checked, posted = 0, 0
    for _ in range(1000):
        view = get_view.sync(game, client=me)
        assert isinstance(view, View), view
        if view.status is GameStatus.FINISHED:
            break
        if not view.actions:  # the bot's turn: wait for the next event
            waited = get_events.sync(game, client=me, after=view.version, wait=10)
            assert isinstance(waited, EventsPage), waited
            continue
        action = view.actions[0]
        if isinstance(action, DiscardAction):  # built here, not echoed
            assert action.card in view.hand
            action = DiscardAction(type_="discard", card=action.card)
        answer = post_action.sync(game, client=me, body=action, if_match=f'"{view.version}"')
        assert isinstance(answer, EventsPage), answer
        posted += 1
        for event in answer.events:
            if not isinstance(event, CardDrawnEvent):
                continue
            card = event.data.card
            assert event.data.seat == 0 and isinstance(card, str) and card in deck  # the drawer sees it
            if any(isinstance(e, HandEndedEvent) for e in answer.events):
                continue
            # still this seat's turn, the hand goes on: nobody else sees the card
            public = get_events.sync(game, client=anyone, after=event.version - 1, limit=1)
            assert isinstance(public, EventsPage) and len(public.events) == 1
            seen = public.events[0]
            assert isinstance(seen, CardDrawnEvent) and seen.data.card is None, seen
            hidden_checked += 1
    else:
        raise AssertionError("the game did not end")

    table = get_game.sync(game, client=anyone)
    assert isinstance(table, PublicTable) and table.status is GameStatus.FINISHED and table.winners, table
    assert isinstance(table.rules, IcebergRulesOut) and table.rules.hands == 1

    log = get_events.sync(game, client=anyone)
    assert isinstance(log, EventsPage)
    assert [e.version for e in log.events] == list(range(1, log.version + 1))
    first = log.events[0]
    assert isinstance(first, GameCreatedEvent) and isinstance(first.data, IcebergGameCreatedData)
    assert [p.name for p in first.data.players] == ["Ann", "Bot"]
    assert first.data.players[1].bot is BotName.GREEDY and first.data.players[0].bot is None
    started = next(e for e in log.events if isinstance(e, HandStartedEvent))  # after GameCreated, DealsCommitted
    assert isinstance(started, HandStartedEvent) and isinstance(started.data, IcebergHandStartedData)
    assert started.data.deck == deck  # the hand has ended: its deck is public
    drawn = [e.data.card for e in log.events if isinstance(e, CardDrawnEvent)]
    assert drawn and all(isinstance(card, str) for card in drawn)
    last = log.events[-1]
    assert isinstance(last, GameEndedEvent) and isinstance(last.data, GameEndedData)
    assert last.data.winners == table.winners
    ended = next(e for e in log.events if isinstance(e, HandEndedEvent))
    assert isinstance(ended.data, IcebergHandEndedData)

    result = get_hand.sync(game, 0, client=anyone)
    assert isinstance(result, HandResult), result
    rows = [row for row in result.results if isinstance(row, IcebergResultRow)]
    assert [row.total for row in rows] == [row.total for row in ended.data.results] == last.data.totals
    assert result.versions.last == ended.version

    replay: Replay | None = None
    deadline = time.monotonic() + 30
    while replay is None:
        answer_ = get_replay.sync(game, 0, client=anyone)
        if isinstance(answer_, Replay):
            replay = answer_
        else:
            assert isinstance(answer_, Building) and time.monotonic() < deadline, answer_
            time.sleep(0.2)
    assert [frame.version for frame in replay.frames] == list(range(started.version, ended.version + 1))
    assert all(isinstance(frame.state, IcebergReplayState) for frame in replay.frames)
    assert isinstance(replay.frames[-1].event, HandEndedEvent)

    return {"game": game, "events": len(log.events), "posted": posted, "hidden_checked": hidden_checked,
            "winners": last.data.winners, "totals": last.data.totals, "problem": problem.value,
            "problem_is_enum": isinstance(problem, ProblemCode)}


if __name__ == "__main__":
    print(json.dumps(play(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]))))
'''

# Each line marked `# error` must be refused by mypy: the types are real, not Any.
WRONG = '''\
from iceberg_client import Client
from iceberg_client.api.games import get_view
from iceberg_client.models import (CardDrawnEvent, DiscardAction, DrawAction, EventsPage, GameEndedEvent,
                                   PlayerIn, Problem, View)


def misuse(page: EventsPage, view: View, problem: Problem) -> None:
    for event in page.events:
        if isinstance(event, CardDrawnEvent):
            card: str = event.data.card  # error: a hidden card may be null
        if isinstance(event, GameEndedEvent):
            event.data.card  # error: GameEnded has no card
    DiscardAction(type_="discard", card=7)  # error: a card is a string
    DrawAction(type_="pickup")  # error: a draw's type is "draw"
    view.actions[0].cards  # error: not every action has cards
    get_view.sync("g_0123456789abcdef", client=Client(base_url="http://x"))  # error: the view needs a token
    PlayerIn(name="Ann", bot="smart")  # error: not a bot
    code: int = problem.code  # error: a code is a ProblemCode
'''


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """The client package, generated from openapi.yaml into a fresh directory."""
    where = tmp_path_factory.mktemp("client")
    (where / "config.yaml").write_text(CONFIG)
    done = subprocess.run([str(BIN / "openapi-python-client"), "generate", "--path", str(ROOT / "openapi.yaml"),
                           "--meta", "none", "--config", str(where / "config.yaml"),
                           "--output-path", str(where / PACKAGE)],
                          capture_output=True, text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Warning" not in output and "Error" not in output, output  # nothing of the spec was left out
    assert (where / PACKAGE / "client.py").exists()
    return where


def test_the_client_is_generated_with_an_operation_per_endpoint(generated):
    api = generated / PACKAGE / "api"
    modules = {path.stem for path in api.glob("*/*.py") if path.stem != "__init__"}
    assert modules == {"create_game", "get_game", "get_view", "post_action", "get_events", "stream_events",
                       "get_hand", "get_replay", "get_replay_text", "put_seat_webhook", "get_seat_webhook",
                       "delete_seat_webhook", "list_webhook_deliveries", "list_variants", "healthz", "livez",
                       "get_openapi",
                       # the audit (docs/audit.md)
                       "offer_commitment", "get_keys", "get_export", "get_export_text",
                       # players, the lobby, play by mail
                       "create_player", "get_me", "patch_me", "list_my_games", "get_lobby", "join_game",
                       "resign_game", "abort_game", "extend_deadline", "put_my_webhook", "get_my_webhook",
                       "delete_my_webhook", "list_my_deliveries", "unsubscribe_page", "unsubscribe",
                       # devices and sign-in
                       "sign_in", "confirm_sign_in", "list_my_tokens", "create_my_token", "revoke_my_token",
                       # the history of games, standings, chat
                       "list_games", "get_profile", "get_leaderboard", "list_messages", "post_message",
                       "hide_message"}
    # one class per nullable enum, not three
    models = {path.stem for path in (generated / PACKAGE / "models").glob("*.py")}
    assert "bot_name" in models and not [m for m in models if re.search(r"type_\d", m)], sorted(models)


def test_a_typed_client_script_passes_mypy_and_misuses_do_not(generated):
    (generated / "play.py").write_text(PLAY)
    (generated / "wrong.py").write_text(WRONG)
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--hide-error-context",
                           "--cache-dir", str(generated / ".mypy_cache"), "play.py", "wrong.py"],
                          cwd=generated, capture_output=True, text=True, timeout=300)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert not [line for line in errors if not line.startswith("wrong.py:")], done.stdout + done.stderr
    flagged = {int(line.split(":")[1]) for line in errors}
    marked = {number for number, line in enumerate(WRONG.splitlines(), 1) if "# error" in line}
    assert flagged == marked, done.stdout


def test_the_generated_client_plays_a_whole_game_against_a_real_server(generated, tmp_path):
    (generated / "play.py").write_text(PLAY)
    deck = [rank + suit for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
            for suit in "SHDC"]
    random.Random(10).shuffle(deck)
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_ADMIN_TOKEN=ADMIN)
    try:
        serve.wait_healthy()
        env = {**os.environ, "PYTHONPATH": str(generated)}
        started = time.monotonic()
        done = subprocess.run([sys.executable, "play.py", serve.url, ADMIN, json.dumps(deck)], cwd=generated,
                              env=env, capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stdout + done.stderr
        summary = json.loads(done.stdout.splitlines()[-1])
        assert time.monotonic() - started < 120
        # what the script saw is what the server holds, read without the generated client
        status, table = request(f"{serve.url}/games/{summary['game']}")
        assert status == 200 and table["status"] == "finished" and table["winners"] == summary["winners"]
        status, log = request(f"{serve.url}/games/{summary['game']}/events")
        assert status == 200 and len(log["events"]) == summary["events"]
        assert log["events"][-1]["type"] == "GameEnded" and log["events"][-1]["data"]["totals"] == summary["totals"]
        actions = sum(1 for e in log["events"] if e["type"] in ("CardDrawn", "MeldLaid", "CardsLaidOff",
                                                                "CardDiscarded", "CardPickedUp")
                      and e["data"]["seat"] == 0)
        assert summary["posted"] == actions > 0
        assert summary["hidden_checked"] >= 1
        assert summary["problem"] == "must_draw" and summary["problem_is_enum"]
    finally:
        code, output = serve.stop()
    assert code == 0, output

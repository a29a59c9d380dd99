"""Schemathesis generates requests from openapi.yaml, valid and invalid, and
checks every response: no 5xx, documented status codes and content types,
bodies that match the schema. Bounded (EXAMPLES per operation and mode) so it
runs in CI.

The schemathesis pytest plugin's lazy fixtures do not work with pytest 9, so
the operations' hypothesis strategies are driven directly here.
"""

import re
import uuid

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from domain import registry
from domain.kernel.errors import InvalidRules
from tests.api_client import ApiClient, worked_game

EXAMPLES = 30


@pytest.fixture
def app(backend):
    """The API with private webhook addresses allowed, so that a generated
    webhook URL is only parsed: no generated host name is ever looked up (a
    test's traffic stays on this machine)."""
    from dataclasses import replace

    from service.http.app import create_app

    app = create_app(replace(backend, webhook_allow_private=True))
    app.testing = True
    yield app
    app.extensions["iceberg"].hub.close()


def operations(app):
    schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app)
    for result in schema.get_all_operations():
        operation = result.ok()
        # the event stream stays open while its game goes on: a long-lived
        # response, tested by tests/test_api_stream.py, not a request/response pair
        if not operation.path.endswith("/stream"):
            yield operation


def strategy_for(operation, **kwargs):
    # the long-poll would hold each example up to 30 s: fixed at 0 here, tested in test_workers
    if operation.path.endswith("/events"):
        kwargs["query"] = {"wait": 0}
    return operation.as_strategy(**kwargs)


def run(strategy, operation, real_token: bool = False):
    # docs/api.md: "an illegal move is 409 or 422 with the rule's code", so a
    # well-formed action may be refused by the rules (meld of cards not held);
    # an action or a seat command (resign, abort, extend) with a well-formed
    # If-Match naming another version gets 412.
    moves = ("/actions", "/resign", "/abort", "/extend")
    # a webhook's URL is refused for what its host resolves to (docs/api.md,
    # "Webhooks"), which no schema can say: tests/test_webhook_addresses.py
    hooks = operation.method.upper() == "PUT" and operation.path.endswith("/webhook")
    excluded = [positive_data_acceptance] if operation.path.endswith(moves) or hooks else []
    if real_token:
        # A token handed to the strategy counts for schemathesis as generated, so
        # "likely invalid": any action it makes legal (a draw on the seat's turn)
        # would be reported as auth ignored. Auth is checked by the runs without a
        # token above and by tests/test_api_contract.py.
        excluded.append(ignored_auth)

    @given(case=strategy)
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(case):
        unique_idempotency_key(case)
        case.call_and_validate(excluded_checks=excluded + committed_deals(case) + opaque_cursor(case)
                               + options_that_exclude_each_other(case))

    check()


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_random_requests_get_documented_responses(app, mode):
    for operation in operations(app):
        if mode is GenerationMode.NEGATIVE and not has_inputs(operation):
            continue  # nothing to make invalid (e.g. /healthz)
        run(strategy_for(operation, generation_mode=mode), operation)


def unique_idempotency_key(case) -> None:
    """Schemathesis draws header values from a small pool, so two different
    generated requests often share an Idempotency-Key, which the server rightly
    refuses (422 idempotency_key_reused, tested in test_api_idempotency.py).
    A valid key is made unique per case; an invalid one is left to be refused."""
    key = (case.headers or {}).get("Idempotency-Key")
    if isinstance(key, str) and re.fullmatch(r"[!-~]{1,150}", key):
        case.headers["Idempotency-Key"] = f"{key}-{uuid.uuid4().hex}"


def committed_deals(case) -> list:
    """A creation naming a commitment (or seeds, which need one) is well formed
    and yet refused unless POST /commitments offered that commitment first, and
    the seeds are human seats': no schema can say so (tests/test_audit_http.py
    covers both)."""
    body = case.body if isinstance(case.body, dict) else {}
    creating = case.method.upper() == "POST" and case.path == "/games"
    return [positive_data_acceptance] if creating and ("commitment" in body or "seeds" in body) else []


def options_that_exclude_each_other(case) -> list:
    """Rules whose options are each in range and yet refused together (Rummy's
    `rummy_bonus` needs `scoring: "collect"`: docs/rules/rummy.md), 422
    invalid_rules: a schema of each option cannot say so. Only a combination the
    variant's rules refuse is let through; any other 422 still fails."""
    body = case.body if isinstance(case.body, dict) else {}
    if not (case.method.upper() == "POST" and case.path == "/games" and isinstance(body.get("rules"), dict)):
        return []
    try:
        registry.named(body.get("variant") or registry.DEFAULT).rules(body["rules"])
    except InvalidRules:
        return [positive_data_acceptance]
    except Exception:  # noqa: BLE001 - an unknown variant or a malformed option: the schema's own business
        return []
    return []


def opaque_cursor(case) -> list:
    """A page's `cursor` is one the server gave (a previous page's `next_cursor`):
    any other string is well formed and yet refused, 400 (tests/test_history.py)."""
    return [positive_data_acceptance] if "cursor" in (case.query or {}) else []


def has_inputs(operation) -> bool:
    return bool("{" in operation.path or operation.definition.raw.get("parameters")
                or operation.definition.raw.get("requestBody"))


def test_requests_on_a_real_game_with_a_real_seat_token(app):
    created, tokens = worked_game(ApiClient(app.test_client()))
    for operation in operations(app):
        path = {"id": created["id"]} if "{id}" in operation.path else None
        if path and "{n}" in operation.path:
            path["n"] = 0
        run(strategy_for(operation, path_parameters=path, headers={"Authorization": f"Bearer {tokens[0]}"}),
            operation, real_token=True)


@pytest.fixture
def player_app(redis_server, tmp_path):
    """The API with private webhook addresses allowed, so that a webhook's URL is
    only parsed: no generated host name is looked up."""
    from service.config import Config
    from service.http.app import create_app
    from tests.conftest import ADMIN_TOKEN

    app = create_app(Config(redis_url=redis_server.url, admin_token=ADMIN_TOKEN, webhook_allow_private=True,
                            data_dir=str(tmp_path / "data")))
    app.testing = True
    yield app
    app.extensions["iceberg"].hub.close()


def test_requests_with_a_real_player_token(player_app):
    """A player (their own token, an e-mail address) who sits in a real game:
    the player's resources and the game's, every generated request sent with
    the player token. A valid PATCH /me may change the name or the address,
    which is the point; the token stays valid throughout."""
    client = ApiClient(player_app.test_client())
    token = client.post("/players", json={"name": "Ann", "email": "ann@example.org"}).get_json()["token"]
    created = client.post("/games", token, json={"players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]})
    assert created.status_code == 201
    game = created.get_json()["id"]
    for operation in operations(player_app):
        if not operation.path.startswith(("/me", "/games/{id}")):
            continue
        path = {"id": game} if "{id}" in operation.path else None
        if path and "{n}" in operation.path:
            path["n"] = 0
        run(strategy_for(operation, path_parameters=path, headers={"Authorization": f"Bearer {token}"}),
            operation, real_token=True)
    assert client.get("/me", token=token).status_code == 200

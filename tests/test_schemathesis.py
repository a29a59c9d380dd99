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

from tests.api_client import ApiClient, worked_game

EXAMPLES = 30


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
    # API.md: "an illegal move is 409 or 422 with the rule's code", so a
    # well-formed action may be refused by the rules (meld of cards not held);
    # an action or a seat command (resign, abort, extend) with a well-formed
    # If-Match naming another version gets 412.
    moves = ("/actions", "/resign", "/abort", "/extend")
    excluded = [positive_data_acceptance] if operation.path.endswith(moves) else []
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
        case.call_and_validate(excluded_checks=excluded + committed_deals(case) + opaque_cursor(case))

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

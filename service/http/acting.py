"""A seat's command through the application service, answered as the API
answers every action (POST /games/{id}/actions, and the seat commands of
seats.py): If-Match and Idempotency-Key honoured, 201 with the appended events
as the seat sees them, or the first answer again for a key used before."""

import json

from flask import Response

from projections.readers import Reader
from projections.redaction import public_event

from ..store.codec import compact
from .context import etagged, services
from .problems import Problem
from .requests import fingerprint, idempotency_key, if_match


def act(game_id: str, reader: Reader, command, raw: dict, actor: str | None = None) -> Response:
    """`actor`: who the log names (the seat's, `s<seat>`, unless said)."""
    actor = actor or f"s{reader.seat}"
    expected = if_match()
    key = idempotency_key()
    print_ = fingerprint(raw) if key else None
    rendered = {}

    def respond(described, state) -> str:
        rendered["body"] = {"version": state.version,
                            "events": [public_event(state, stored, reader) for stored in described]}
        # the text kept with the key; without a key nothing keeps it
        return compact({"status": 201, "fingerprint": print_, "body": rendered["body"]}) if key else ""

    outcome = services().commands.handle(game_id, command, actor, expected=expected,
                                         key=f"{actor}:{key}" if key else None, respond=respond)
    if outcome.replayed is not None:
        return _replayed(json.loads(outcome.replayed), print_)
    return etagged(rendered["body"], outcome.version, 201)


def _replayed(saved: dict, print_: str) -> Response:
    """The first answer to an action whose Idempotency-Key was used before."""
    if saved.get("fingerprint", print_) != print_:  # answers saved before fingerprints: a day at most
        raise Problem(422, "idempotency_key_reused", "this Idempotency-Key was used with another request")
    response = etagged(saved["body"], saved["body"]["version"], saved["status"])
    response.headers["Idempotent-Replayed"] = "true"
    return response

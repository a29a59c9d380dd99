"""The audit over HTTP (docs/audit.md): a game's export (JSON and plain text),
the server's public keys, and the commitments offered before a game is made.
What they show is built by service/app/audit.py."""

import json

from flask import Blueprint, Response, current_app, jsonify, request

from projections.audit.statements import commitment_message
from projections.audit.text import render

from ..app.audit import Audit, NothingToExport
from .context import services
from .limits import limited
from .problems import Problem

audit = Blueprint("audit", __name__)


def of_app() -> Audit:
    found = current_app.extensions.get("iceberg_audit")
    if found is None:
        found = current_app.extensions["iceberg_audit"] = Audit(services())
    return found


def _export(game_id: str) -> tuple[dict, int]:
    try:
        return of_app().export(game_id)
    except NothingToExport:
        raise Problem(404, "not_found", "this game has no event to export yet") from None


def _tagged(response: Response, version: int) -> Response:
    response.set_etag(str(version))
    response.make_conditional(request)
    return response


@audit.get("/games/<game:game_id>/export")
@limited("waits")  # a new one replays the game
def get_export(game_id):
    document, version = _export(game_id)
    return _tagged(Response(json.dumps(document, ensure_ascii=False), mimetype="application/json"), version)


@audit.get("/games/<game:game_id>/export.txt")
@limited("waits")
def get_export_text(game_id):
    document, version = _export(game_id)
    return _tagged(Response(render(document), mimetype="text/plain"), version)


@audit.get("/.well-known/iceberg-keys")
def get_keys():
    return jsonify({"keys": of_app().keys()})


@audit.post("/commitments")
@limited("create")  # a secret kept an hour, like a game's creation
def post_commitment():
    """A commitment to a secret chosen now, before any seed: give it with the
    seeds when creating the game (POST /games `commitment`)."""
    svc = services()
    now = svc.clock()
    offer = svc.commands.dealer.offer(now)
    issued = now.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    signer = of_app().signer
    offer.update(issued=issued, kid=signer.kid,
                 signature=signer.sign(commitment_message(offer["commitment"], offer["hands"], issued)))
    response = jsonify(offer)
    response.status_code = 201
    return response

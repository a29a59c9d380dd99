"""The audit over HTTP (docs/audit.md): a game's export (JSON and plain text),
the server's public keys, and the commitments offered before a game is made.
What they show is built by service/app/audit.py."""

from flask import Blueprint, Response, current_app, jsonify, request

from projections.audit.statements import commitment_message

from ..app.audit import Audit, NothingToExport
from .context import services
from .limits import limited
from .offload import off_the_loop
from .problems import Problem

audit = Blueprint("audit", __name__)


def of_app() -> Audit:
    found = current_app.extensions.get("iceberg_audit")
    if found is None:
        found = current_app.extensions["iceberg_audit"] = Audit(services())
    return found


def _export(game_id: str, form: str) -> tuple[str, int]:
    try:
        return of_app().export(game_id, form, offload=off_the_loop)
    except NothingToExport:
        raise Problem(404, "not_found", "this game has no event to export yet") from None


def _tagged(response: Response, horizon: int) -> Response:
    """ETag: the last version the export holds (it changes when a hand ends)."""
    response.set_etag(str(horizon))
    response.make_conditional(request)
    return response


def export_cost() -> int:
    """What an export request counts for in its rate class: 1 per 100 events of
    its game (a long game's export is longer to send, and to build)."""
    game_id = (request.view_args or {}).get("game_id")
    return 1 + (services().recorder.version(game_id) // 100 if game_id else 0)


@audit.get("/games/<game:game_id>/export")
@limited("exports", cost=export_cost)
def get_export(game_id):
    text, horizon = _export(game_id, "json")
    return _tagged(Response(text, mimetype="application/json"), horizon)


@audit.get("/games/<game:game_id>/export.txt")
@limited("exports", cost=export_cost)
def get_export_text(game_id):
    text, horizon = _export(game_id, "txt")
    return _tagged(Response(text, mimetype="text/plain"), horizon)


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

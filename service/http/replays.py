"""A finished hand's replay and transcript (docs/api.md, "Hands and replays"):
served once a worker has built them, 202 meanwhile."""

from flask import Blueprint, Response, jsonify

from .context import ended_hand, game_state, services

replays = Blueprint("replays", __name__)


@replays.get("/games/<game:game_id>/hands/<int:number>/replay")
def get_replay(game_id, number):
    document = _replay(game_id, number, "json")
    return document if isinstance(document, Response) else Response(document, mimetype="application/json")


@replays.get("/games/<game:game_id>/hands/<int:number>/replay.txt")
def get_replay_text(game_id, number):
    text = _replay(game_id, number, "txt")
    return text if isinstance(text, Response) else Response(text, mimetype="text/plain")


def _replay(game_id: str, number: int, form: str):
    ended_hand(game_state(game_id), number)
    stored = services().replays.get(game_id, number, form)
    if stored is not None and not _predates_narration(stored, form):
        return stored
    if services().jobs is not None:
        services().jobs.replay(game_id, number)  # in case the first job was lost
    response = jsonify({"status": "building", "hand": number})
    response.status_code = 202
    response.headers["Retry-After"] = "1"
    return response


def _predates_narration(stored, form: str) -> bool:
    """A replay built before frames had their narration line: built again (the
    spec promises the line), and 202 meanwhile as for any replay being built.
    Stored replays are compact JSON, where only a key is followed by ':'."""
    return form == "json" and '"narration":' not in stored

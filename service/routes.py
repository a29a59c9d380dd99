"""The HTTP endpoints of API.md. Views are thin: parse, load, decide, append,
project. Every error goes through `problems`."""

import json
import re
import secrets

from flask import Blueprint, Response, current_app, jsonify, request

from domain.commands import CreateGame
from domain.errors import RuleViolation
from domain.deadlines import with_deadlines
from domain.deals import explicit_deal, random_deal
from domain.game import play
from domain.state import INITIAL
from projections.hands import hand_result
from projections.readers import ADMIN, PUBLIC, Reader
from projections.redaction import public_event
from projections.table import public_table, seat_view

from .problems import Problem
from .schemas import ActionSchema, CreateGameSchema, WebhookSchema
from .webhooks import UrlRefused, check_url, new_secret
from .store import EMPTY, ConcurrencyError, Loaded
from .tokens import bearer, is_admin, new_token, token_hash

api = Blueprint("api", __name__)

# schemas hold no per-request state: one instance each serves every request
CREATE_GAME, ACTION, WEBHOOK = CreateGameSchema(), ActionSchema(), WebhookSchema()
GAME_ID = re.compile(r"^g_[0-9a-f]{16}$")
MAX_KEY = 200
MAX_PAGE = 1000


def services():
    return current_app.extensions["iceberg"]


# --- helpers -----------------------------------------------------------------------------

def _json_body() -> dict:
    if request.content_length is not None and request.content_length > current_app.config["MAX_CONTENT_LENGTH"]:
        raise Problem(413, "payload_too_large", "the request body is too large")
    body = request.get_data(cache=True)
    try:
        data = json.loads(body) if body else None
    except (ValueError, UnicodeDecodeError):
        raise Problem(400, "invalid_request", "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise Problem(400, "invalid_request", "the request body must be a JSON object")
    return data


def _game_id(game_id: str) -> str:
    if not GAME_ID.match(game_id):
        raise Problem(404, "not_found", "no such game")
    return game_id


def _reader(game_id: str, required: bool = False) -> Reader:
    """Who is calling: anyone (no token), one seat, or the admin."""
    header = request.headers.get("Authorization")
    if header is None:
        if required:
            raise Problem(401, "unauthorized", "this needs a seat token: Authorization: Bearer <token>")
        return PUBLIC
    token = bearer(header)
    if token is None:
        raise Problem(401, "unauthorized", "the Authorization header must be 'Bearer <token>'")
    if is_admin(token, services().config.admin_token):
        return ADMIN
    seat = services().seat_of(game_id, token_hash(token))
    if seat is None:
        raise Problem(401, "unauthorized", "that token is not valid for this game")
    return Reader(seat=seat)


def _etagged(body: dict, version: int, status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.set_etag(str(version))
    return response


def _if_match() -> int | None:
    header = request.headers.get("If-Match")
    if header is None:
        return None
    match = re.fullmatch(r'\s*(?:W/)?"?(\d{1,12})"?\s*', header)
    if not match:
        raise Problem(400, "invalid_request", 'If-Match must be "<version>"')
    return int(match.group(1))


def _load(game_id: str) -> Loaded:
    return services().store.load(game_id)


# --- games -------------------------------------------------------------------------------

@api.post("/games")
def create_game():
    data = CREATE_GAME.load(_json_body())
    dealer = random_deal
    if data["deck"] is not None:
        token = bearer(request.headers.get("Authorization"))
        if not is_admin(token, services().config.admin_token):
            raise Problem(403, "forbidden", "only the admin token may give a deck")
        deck = tuple(data["deck"])
        dealer = lambda decks: explicit_deal(deck)  # noqa: E731
    events, state = play(INITIAL, CreateGame(tuple(data["players"]), data["rules"]), dealer)
    events, state = with_deadlines(events, state, services().store.clock())
    game_id = "g_" + secrets.token_hex(8)
    seats, hashes = [], {}
    for seat, player in enumerate(state.players):
        entry = {"seat": seat, "name": player.name, "bot": player.bot}
        if player.bot is None:
            entry["token"] = token = new_token()
            hashes[token_hash(token)] = seat
        seats.append(entry)
    store = services().store
    appended = store.append(game_id, EMPTY, store.entries(EMPTY, events, "sys"), after=state, tokens=hashes)
    services().after_append(game_id, INITIAL, state, events)
    response = _etagged({"id": game_id, "version": appended.version, "seats": seats}, appended.version, 201)
    response.headers["Location"] = f"/games/{game_id}"
    return response


@api.get("/games/<game_id>")
def get_game(game_id):
    loaded = _load(_game_id(game_id))
    return _etagged(public_table(game_id, loaded.state), loaded.state.version)


@api.get("/games/<game_id>/view")
def get_view(game_id):
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if reader.admin:
        reader = Reader(seat=_seat_arg(), admin=True)
    loaded = _load(game_id)
    if reader.seat is None or not 0 <= reader.seat < len(loaded.state.players):
        raise Problem(422, "no_such_seat", "the admin must name a seat: ?seat=N")
    return _etagged(seat_view(game_id, loaded.state, reader), loaded.state.version)


def _seat_arg() -> int | None:
    value = request.args.get("seat")
    if value is None:
        return None
    if not value.isdigit():
        raise Problem(400, "invalid_request", "seat must be a whole number")
    return int(value)


# --- actions -----------------------------------------------------------------------------

@api.post("/games/<game_id>/actions")
def post_action(game_id):
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if reader.seat is None:
        raise Problem(403, "forbidden", "actions are taken with a seat token")
    build = ACTION.load(_json_body())
    expected = _if_match()
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 0 < len(key) <= MAX_KEY:
        raise Problem(400, "invalid_request", f"Idempotency-Key must be 1 to {MAX_KEY} characters")
    scoped_key = f"s{reader.seat}:{key}" if key else None
    store = services().store
    if scoped_key:
        first = store.first_response(game_id, scoped_key)
        if first is not None:
            return _replayed(first)
    # Optimistic: decide on this process's cached state and append expecting its
    # version. Only if that fails in a way a stale cache could explain is the
    # game loaded afresh and the command decided again.
    cached = store.cached(game_id)
    if cached is not None:
        try:
            return _act(game_id, cached, reader, build, expected, scoped_key, fresh=False)
        except _Stale:
            pass
    return _act(game_id, _load(game_id), reader, build, expected, scoped_key, fresh=True)


class _Stale(Exception):
    """The cached state may be behind: load the game and try again."""


def _act(game_id, loaded: Loaded, reader: Reader, build, expected, scoped_key, fresh: bool):
    """Decide and append on `loaded`; `fresh`: just read from Redis, so a
    conflict or a rule error is real, not an artefact of a stale cache."""
    store = services().store
    if expected is not None and expected != loaded.state.version:
        if not fresh:
            raise _Stale()
        raise Problem(412, "version_conflict",
                      f"If-Match names version {expected}, the game is at {loaded.state.version}",
                      extra={"version": loaded.state.version})
    try:
        events, state = play(loaded.state, build(seat=reader.seat))
        events, state = with_deadlines(events, state, store.clock())
    except RuleViolation:
        if not fresh:
            raise _Stale() from None
        # The same key may have won a race since we looked: its first response
        # stands, not the rule error a replay on the new state would give.
        first = scoped_key and store.first_response(game_id, scoped_key)
        if first:
            return _replayed(first)
        raise
    entries, described = store.prepare(loaded, events, f"s{reader.seat}")
    body = {"version": state.version,
            "events": [public_event(stored, reader, state.hands_played) for stored in described]}
    try:
        appended = store.append(game_id, loaded, entries, after=state, idempotency_key=scoped_key,
                                response=json.dumps({"status": 201, "body": body}, separators=(",", ":")))
    except ConcurrencyError as e:
        if not fresh:
            raise _Stale() from None
        first = scoped_key and store.first_response(game_id, scoped_key)
        if first:
            return _replayed(first)
        if expected is not None:
            raise Problem(412, "version_conflict", str(e), extra={"version": e.actual}) from None
        raise
    if appended.duplicate is not None:
        return _replayed(appended.duplicate)
    services().after_append(game_id, loaded.state, state, events, hooks=appended.hooks)
    return _etagged(body, state.version, 201)


def _replayed(first: str) -> Response:
    saved = json.loads(first)
    response = _etagged(saved["body"], saved["body"]["version"], saved["status"])
    response.headers["Idempotent-Replayed"] = "true"
    return response


# --- the log, hands ----------------------------------------------------------------------

@api.get("/games/<game_id>/events")
def get_events(game_id):
    _game_id(game_id)
    reader = _reader(game_id)
    after = _int_arg("after", 0, 0, 10**12)
    limit = _int_arg("limit", MAX_PAGE, 1, MAX_PAGE)
    wait = _int_arg("wait", 0, 0, services().config.max_wait_s)
    if wait and services().store.version(game_id) <= after:
        if not services().store.exists(game_id):
            raise Problem(404, "not_found", "no such game")
        services().store.wait_for(game_id, after, wait)  # returns at the next append
    loaded = _load(game_id)
    stored = services().store.read(game_id, after, limit)
    hands_ended = loaded.state.hands_played
    events = [public_event(e, reader, hands_ended) for e in stored if e.version <= loaded.state.version]
    return _etagged({"version": loaded.state.version, "events": events}, loaded.state.version)


def _int_arg(name: str, default: int, lo: int, hi: int) -> int:
    value = request.args.get(name)
    if value is None:
        return default
    if not value.isdigit() or not lo <= int(value) <= hi:
        raise Problem(400, "invalid_request", f"{name} must be a whole number from {lo} to {hi}")
    return int(value)


@api.get("/games/<game_id>/hands/<int:number>")
def get_hand(game_id, number):
    loaded = _load(_game_id(game_id))
    spans = loaded.state.hand_spans
    if number >= len(spans) or spans[number][1] == 0:
        raise Problem(404, "not_found", f"hand {number} has not ended")
    first, last = spans[number]
    store = services().store
    started = store.read_span(game_id, first, first)[0]
    ended = store.read_span(game_id, last, last)[0]
    return _etagged(hand_result(started, ended), loaded.state.version)


# --- webhooks -----------------------------------------------------------------------------

@api.put("/games/<game_id>/seats/<int:seat>/webhook")
def put_webhook(game_id, seat):
    reader = _seat_owner(game_id, seat)
    data = WEBHOOK.load(_json_body())
    try:
        url = check_url(data["url"], services().config.webhook_allow_private)
    except UrlRefused as e:
        raise Problem(422, "webhook_url_refused", str(e)) from None
    secret = new_secret()
    services().store.set_webhook(game_id, reader.seat, url, secret)
    return jsonify({"seat": seat, "url": url, "secret": secret})


@api.delete("/games/<game_id>/seats/<int:seat>/webhook")
def delete_webhook(game_id, seat):
    _seat_owner(game_id, seat)
    if not services().store.delete_webhook(game_id, seat):
        raise Problem(404, "not_found", "this seat has no webhook")
    return Response(status=204)


def _seat_owner(game_id: str, seat: int) -> Reader:
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if not services().store.exists(game_id):
        raise Problem(404, "not_found", "no such game")
    if reader.seat != seat:
        raise Problem(403, "forbidden", "a seat's webhook is set with that seat's token")
    return reader


# --- replays -------------------------------------------------------------------------------

@api.get("/games/<game_id>/hands/<int:number>/replay")
def get_replay(game_id, number):
    document = _replay(game_id, number, "json")
    return document if isinstance(document, Response) else Response(document, mimetype="application/json")


@api.get("/games/<game_id>/hands/<int:number>/replay.txt")
def get_replay_text(game_id, number):
    text = _replay(game_id, number, "txt")
    return text if isinstance(text, Response) else Response(text, mimetype="text/plain")


def _replay(game_id: str, number: int, form: str):
    loaded = _load(_game_id(game_id))
    spans = loaded.state.hand_spans
    if number >= len(spans) or spans[number][1] == 0:
        raise Problem(404, "not_found", f"hand {number} has not ended")
    stored = services().store.replay(game_id, number, form)
    if stored is not None:
        return stored
    services().enqueue_replay(game_id, number)  # in case the first job was lost
    response = jsonify({"status": "building", "hand": number})
    response.status_code = 202
    response.headers["Retry-After"] = "1"
    return response


# --- health and the spec -------------------------------------------------------------------

@api.get("/healthz")
def healthz():
    checks = services().health()
    ok = all(checks.values())
    response = jsonify({"status": "ok" if ok else "unavailable", "checks": checks})
    response.status_code = 200 if ok else 503
    return response


@api.get("/livez")
def livez():
    """Liveness: the process answers. Touches nothing (healthz checks the store)."""
    return jsonify({"status": "alive"})


@api.get("/openapi.yaml")
def openapi_spec():
    return Response(services().spec_text(), mimetype="application/yaml")

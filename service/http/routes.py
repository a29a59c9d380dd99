"""The HTTP endpoints of the API (docs/api.md). Views are thin: parse the
request, call the application service (service/app/commands.py) or a projection,
render the answer. Every error goes through `problems`."""

import json
import random
import re
import secrets
from functools import partial

from flask import Blueprint, Response, current_app, jsonify, request

from domain import registry
from domain.engine import ended_span
from domain.kernel.bodies import command_of
from domain.kernel.deals import explicit_deal
from domain.kernel.players import CreateGame
from projections.hands import hand_result
from projections.readers import ADMIN, PUBLIC, Reader
from projections.redaction import public_event
from projections.table import public_table, seat_view

from ..app import deals, sealing
from ..app.tokens import PLAYER_TOKEN, bearer, is_admin, token_hash
from ..store.codec import compact
from .audit import chain_page
from .new_table import NewTable
from .problems import Problem, problem_response
from .requests import fingerprint, idempotency_key, if_match, int_arg, json_body, resume_after
from .schemas import CreateGameSchema, action_schema
from .spec import spec_text

api = Blueprint("api", __name__)

# schemas hold no per-request state: one instance each serves every request
CREATE_GAME = CreateGameSchema()
GAME_ID = re.compile(r"^g_[0-9a-f]{16}$")
MAX_PAGE = 1000


def services():
    return current_app.extensions["iceberg"]


# --- helpers -----------------------------------------------------------------------------

def _game_id(game_id: str) -> str:
    if not GAME_ID.match(game_id):
        raise Problem(404, "not_found", "no such game")
    return game_id


def _reader(game_id: str, required: bool = False, query_token: bool = False) -> Reader:
    """Who is calling: anyone (no token), one seat (its seat token, or the
    player token of the player sitting there), or the admin. With
    `query_token`, a token may also come as ?access_token= (a browser's
    EventSource cannot send headers)."""
    header = request.headers.get("Authorization")
    if header is None and query_token and request.args.get("access_token"):
        header = "Bearer " + request.args["access_token"]
    if header is None:
        if required:
            raise Problem(401, "unauthorized", "this needs a seat token: Authorization: Bearer <token>")
        return PUBLIC
    token = bearer(header)
    if token is None:
        raise Problem(401, "unauthorized", "the Authorization header must be 'Bearer <token>'")
    if is_admin(token, services().config.admin_token):
        return ADMIN
    hashed = token_hash(token)
    if token.startswith(PLAYER_TOKEN):  # a player's: the seat its player has here (both looks cached)
        player_id = services().players.by_token(hashed)
        seat = services().players.seat_in(game_id, player_id) if player_id else None
    else:
        seat = services().tokens.seat_of(game_id, hashed)
    if seat is None:
        raise Problem(401, "unauthorized", "that token is not valid for this game")
    return Reader(seat=seat)


def _etagged(body: dict, version: int, status: int = 200) -> Response:
    """A response showing a game at `version`: its ETag, and on a GET a 304
    when the client's If-None-Match already names it. What a response shows
    depends on the token sent, so caches must key on it too (Vary)."""
    response = jsonify(body)
    response.status_code = status
    response.set_etag(str(version))
    response.vary.add("Authorization")
    if request.method == "GET":
        response.make_conditional(request)
    return response


def _state(game_id: str):
    return services().repository.load(game_id).state


def _ended_span(state, number: int) -> tuple[int, int]:
    span = ended_span(state, number)
    if span is None:
        raise Problem(404, "not_found", f"hand {number} has not ended")
    return span


# --- games -------------------------------------------------------------------------------

@api.post("/games")
def create_game():
    body = json_body()
    key = idempotency_key()
    data = CREATE_GAME.load(body)
    variant = registry.named(data["variant"])
    dealer = None  # the application service's: committed deals (service/app/deals.py)
    if data["deck"] is not None:
        token = bearer(request.headers.get("Authorization"))
        if not is_admin(token, services().config.admin_token):
            raise Problem(403, "forbidden", "only the admin token may give a deck")
        deck = tuple(data["deck"])
        dealer = lambda decks: explicit_deal(deck)  # noqa: E731
    table = NewTable(data, variant, request.headers.get("Authorization"))  # seats, tokens, invite
    players, seats, hashes = table.players, table.seats, table.hashes
    game_id = "g_" + secrets.token_hex(8)
    command = CreateGame(players, variant.rules(data["rules"]), variant.name)
    if key is None:
        table.record(game_id)
        return _created(game_id, _create(game_id, variant, command, data, dealer, hashes), variant, seats,
                        table.answer)
    # The answer holds the seat tokens, shown once: it is kept sealed under the
    # key itself (service/app/sealing.py), and found again only with that key.
    lookup, print_ = sealing.lookup(key), fingerprint(body)
    first = services().creations.claim(lookup, print_, game_id)
    if first is not None:
        return _created_before(key, first, print_)
    try:
        table.record(game_id)
        outcome = _create(game_id, variant, command, data, dealer, hashes)
    except Exception:
        services().creations.release(lookup)
        raise
    response = _created(game_id, outcome, variant, seats, table.answer)
    services().creations.complete(lookup, print_, game_id, sealing.seal(key, response.get_data(as_text=True)))
    return response


def _create(game_id: str, variant, command, data: dict, dealer, hashes: dict):
    """Create the game bound to committed deals (service/app/deals.py): an offered
    commitment is taken here, after the Idempotency-Key's check, so a request
    replayed takes nothing."""
    try:
        command = deals.committed(services().commands.dealer, command, data["commitment"], data["seeds"],
                                  admin_deck=data["deck"] is not None)
    except ValueError as e:
        field = "seeds" if isinstance(e, deals.SeedRefused) else "commitment"
        raise Problem(422, "invalid_request", str(e), extra={"errors": {field: [str(e)]}}) from None
    return services().commands.create(game_id, variant, command, dealer=dealer, tokens=hashes)


def _created(game_id: str, outcome, variant, seats, answer: dict) -> Response:
    response = _etagged({"id": game_id, "variant": variant.name, "version": outcome.version, "seats": seats,
                         "status": outcome.state.status, **answer}, outcome.version, 201)
    response.headers["Location"] = f"/games/{game_id}"
    return response


def _created_before(key: str, first: dict, print_: str) -> Response:
    """The answer to a POST /games whose Idempotency-Key was used before."""
    if first["fingerprint"] != print_:
        raise Problem(422, "idempotency_key_reused", "this Idempotency-Key was used with another request")
    if first["sealed"] is None:
        response = problem_response(409, "request_in_progress",
                                    "a request with this Idempotency-Key is still being answered; retry")
        response.headers["Retry-After"] = "1"
        return response
    body = json.loads(sealing.unseal(key, first["sealed"]))
    response = _etagged(body, body["version"], 201)
    response.headers["Location"] = f"/games/{first['game']}"
    response.headers["Idempotent-Replayed"] = "true"
    return response


@api.get("/games/<game_id>")
def get_game(game_id):
    state = _state(_game_id(game_id))
    return _etagged(public_table(game_id, state), state.version)


@api.get("/games/<game_id>/view")
def get_view(game_id):
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if reader.admin:
        reader = Reader(seat=_seat_arg(), admin=True)
    state = _state(game_id)
    if reader.seat is None or not 0 <= reader.seat < len(state.players):
        raise Problem(422, "no_such_seat", "the admin must name a seat: ?seat=N")
    return _etagged(seat_view(game_id, state, reader), state.version)


def _seat_arg() -> int | None:
    return int_arg("seat", None, 0, 99)


# --- actions -----------------------------------------------------------------------------

@api.post("/games/<game_id>/actions")
def post_action(game_id):
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if reader.seat is None:
        raise Problem(403, "forbidden", "actions are taken with a seat token")
    state = _known_state(game_id)
    if reader.seat in state.people.withdrawn:  # for good: a state that shows it is never stale about it
        raise Problem(409, "withdrawn", "this seat resigned or forfeited: the bot plays it now")
    variant = registry.of(state)
    raw = json_body()
    body = action_schema(variant.name).load(raw)
    return act(game_id, reader, command_of(variant.commands, reader.seat, body), raw)


def act(game_id: str, reader: Reader, command, raw: dict) -> Response:
    """Handle a seat's command (an action, or a seat command: service/http/people.py)
    with If-Match and Idempotency-Key; 201 with its events as the seat sees them."""
    expected = if_match()
    key = idempotency_key()
    print_ = fingerprint(raw) if key else None
    rendered = {}

    def respond(described, state) -> str:
        rendered["body"] = {"version": state.version,
                            "events": [public_event(state, stored, reader) for stored in described]}
        # the text kept with the key; without a key nothing keeps it
        return compact({"status": 201, "fingerprint": print_, "body": rendered["body"]}) if key else ""

    outcome = services().commands.handle(game_id, command, f"s{reader.seat}", expected=expected,
                                         key=f"s{reader.seat}:{key}" if key else None, respond=respond)
    if outcome.replayed is not None:
        return _replayed(json.loads(outcome.replayed), print_)
    return _etagged(rendered["body"], outcome.version, 201)


def _replayed(saved: dict, print_: str) -> Response:
    """The first answer to an action whose Idempotency-Key was used before."""
    if saved.get("fingerprint", print_) != print_:  # answers saved before fingerprints: a day at most
        raise Problem(422, "idempotency_key_reused", "this Idempotency-Key was used with another request")
    response = _etagged(saved["body"], saved["body"]["version"], saved["status"])
    response.headers["Idempotent-Replayed"] = "true"
    return response


def _known_state(game_id: str):
    """This process's cached state of the game, else its state now: good enough
    for what never changes back (its variant, a seat withdrawn)."""
    return (services().repository.cached(game_id) or services().repository.load(game_id)).state


# --- the log, hands ----------------------------------------------------------------------

@api.get("/games/<game_id>/events")
def get_events(game_id):
    _game_id(game_id)
    reader = _reader(game_id)
    after = int_arg("after", 0, 0, 10**12)
    limit = int_arg("limit", MAX_PAGE, 1, MAX_PAGE)
    wait = int_arg("wait", 0, 0, services().config.max_wait_s)
    hub = services().hub
    if wait and hub.version(game_id) <= after:
        if hub.announced(game_id) is None and not services().recorder.exists(game_id):
            raise Problem(404, "not_found", "no such game")
        hub.wait_for(game_id, after, wait)  # returns at the next append
        return _shared(("events", game_id, reader, after, limit), game_id,
                       lambda: _events_page(game_id, reader, after, limit))
    body, version = _events_page(game_id, reader, after, limit)
    return _etagged(body, version)


def _events_page(game_id: str, reader: Reader, after: int, limit: int) -> tuple[dict, int]:
    state = _state(game_id)
    events = chain_page(services(), game_id, state, after, limit, reader)  # with the chain where it may be shown
    return {"version": state.version, "events": events}, state.version


def _shared(key: tuple, game_id: str, render) -> Response:
    """A woken waiter's page: rendered once per announced version for every
    reader that waits the same way (service/app/pages.py)."""
    svc = services()
    known = svc.hub.announced(game_id)

    def rendered():
        body, version = render()
        return json.dumps(body, separators=(",", ":")).encode(), version

    page = rendered() if known is None else svc.pages.shared((*key, known), rendered, lambda p: p[1] == known)
    response = Response(page[0], mimetype="application/json")
    response.set_etag(str(page[1]))
    response.vary.add("Authorization")
    return response


@api.get("/games/<game_id>/stream")
def get_stream(game_id):
    """Server-sent events: the same events to the same readers as /events, from
    after Last-Event-ID (or ?after=V), as they are appended, a comment line at
    least every KEEPALIVE_S seconds, and the end after GameEnded."""
    _game_id(game_id)
    reader = _reader(game_id, query_token=True)
    after = resume_after()
    svc = services()
    if not svc.recorder.exists(game_id):
        raise Problem(404, "not_found", "no such game")
    response = Response(_sse(svc, game_id, reader, after), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy in front must not hold the events back
    response.vary.add("Authorization")
    return response


KEEPALIVE_S = 15
# A stream's comments come every 75-100% of KEEPALIVE_S, its own pace: streams
# opened together (after a restart, a burst of clients) do not all fall due in
# the same instant, a thousand writes at once while actions wait.
KEEPALIVE_SPREAD = 0.25


def keepalive_s() -> float:
    return KEEPALIVE_S * (1 - KEEPALIVE_SPREAD * random.random())


def _sse(svc, game_id: str, reader: Reader, after: int):
    yield f"retry: 2000\n: events of {game_id} after version {after}\n\n"
    keepalive = keepalive_s()
    while True:
        known = svc.hub.announced(game_id)
        chunk = _sse_chunk(svc, game_id, reader, after) if known is None else svc.pages.shared(
            ("sse", game_id, reader, after, known), partial(_sse_chunk, svc, game_id, reader, after),
            lambda c, known=known: c[3] == known)
        text, after, ended, _ = chunk
        if text:
            yield text
        if ended:
            return
        while not svc.hub.wait_for(game_id, after, keepalive):  # nothing new: nothing to read again
            if svc.hub.closed:
                return  # the worker is stopping: the browser resumes after its last id
            yield ": keep-alive\n\n"


def _sse_chunk(svc, game_id: str, reader: Reader, after: int) -> tuple[str, int, bool, int]:
    """(the stream's text for the events after `after`, the last version in it,
    whether the stream ends there, the game's version it was read at)."""
    state = svc.repository.load(game_id).state
    parts = []
    for event in chain_page(svc, game_id, state, after, MAX_PAGE, reader):  # as /events shows them
        parts.append(f"id: {event['version']}\nevent: {event['type']}\ndata: {compact(event)}\n\n")
        after = event["version"]
        if event["type"] == "GameEnded":
            return "".join(parts), after, True, state.version
    ended = state.status == "finished" and after >= state.version  # joined after the end
    return "".join(parts), after, ended, state.version


@api.get("/games/<game_id>/hands/<int:number>")
def get_hand(game_id, number):
    state = _state(_game_id(game_id))
    first, last = _ended_span(state, number)
    recorder = services().recorder
    started = recorder.read_span(game_id, first, first)[0]
    ended = recorder.read_span(game_id, last, last)[0]
    return _etagged(hand_result(started, ended), state.version)


# --- variants, health and the spec ----------------------------------------------------------

@api.get("/variants")
def get_variants():
    """Every hosted variant: its player range, rules options (name, type,
    default, allowed values) and action types."""
    return jsonify({"variants": [v.describe() for _, v in sorted(registry.VARIANTS.items())]})


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
    return Response(spec_text(), mimetype="application/yaml")

"""A game's log as readers may see it (docs/api.md, "Events", "Waiting for
events", "Hands and replays"): the events page, its long-poll, the event
stream, a finished hand's result, and its replay and transcript."""

import json
import random
from functools import partial

from flask import Blueprint, Response, request

from projections.hands import hand_result
from projections.readers import Reader

from ..app import metrics
from ..app.audit import chain_page
from ..app.chat import visible
from ..store.codec import compact
from .auth import reads_game
from .context import ended_hand, etagged, game_state, must_exist, services
from .limits import limited
from .problems import Problem
from .requests import int_arg, resume_after

events = Blueprint("events", __name__)

MAX_PAGE = 1000


def _not_waiting() -> bool:
    """GET /events without ?wait= answers at once: a read, not a wait."""
    return not request.args.get("wait")


@events.get("/games/<game:game_id>/events")
@limited("waits", exempt_when=_not_waiting)
@reads_game()
def get_events(game_id, reader):
    after = int_arg("after", 0, 0, 10**12)
    limit = int_arg("limit", MAX_PAGE, 1, MAX_PAGE)
    wait = int_arg("wait", 0, 0, services().config.max_wait_s)
    hub = services().hub
    if wait and hub.version(game_id) <= after:
        if hub.announced(game_id) is None and not services().recorder.exists(game_id):
            raise Problem(404, "not_found", "no such game")
        with metrics.waiting("long_poll"):
            hub.wait_for(game_id, after, wait)  # returns at the next append
        return _shared(("events", game_id, reader, after, limit), game_id,
                       lambda: _events_page(game_id, reader, after, limit))
    body, version = _events_page(game_id, reader, after, limit)
    return etagged(body, version)


def _events_page(game_id: str, reader: Reader, after: int, limit: int) -> tuple[dict, int]:
    state = game_state(game_id)
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


@events.get("/games/<game:game_id>/stream")
@limited("waits")
@reads_game(query_token=True)
def get_stream(game_id, reader):
    """Server-sent events: the same events to the same readers as /events, from
    after Last-Event-ID (or ?after=V), as they are appended, a comment line at
    least every KEEPALIVE_S seconds, and the end after GameEnded."""
    after = resume_after()
    svc = services()
    must_exist(game_id)
    said = int_arg("messages_after", -1, 0, 10**9)
    if said < 0:  # the chat from now on (a client reads what was said before with GET /messages)
        said = svc.hub.said(game_id)
    response = Response(_sse(svc, game_id, reader, after, said), mimetype="text/event-stream")
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


def _sse(svc, game_id: str, reader: Reader, after: int, said: int):
    """`said`: the chat message the stream's messages start after."""
    with metrics.waiting("stream"):  # until the stream ends or its client leaves (the generator is closed)
        yield from _sse_messages(svc, game_id, reader, after, said)


def _sse_messages(svc, game_id: str, reader: Reader, after: int, said: int):
    yield f"retry: 2000\n: events of {game_id} after version {after}\n\n"
    keepalive = keepalive_s()
    first = True
    while True:
        if first or svc.hub.version(game_id) > after:  # woken by the chat alone: no events to read
            known = svc.hub.announced(game_id)
            chunk = _sse_chunk(svc, game_id, reader, after) if known is None else svc.pages.shared(
                ("sse", game_id, reader, after, known), partial(_sse_chunk, svc, game_id, reader, after),
                lambda c, known=known: c[3] == known)
            text, after, ended, _ = chunk
            if text:
                yield text
            if ended:
                return
        first = False
        if svc.hub.said(game_id) > said:
            text, said = _chat_chunk(svc, game_id, said)
            if text:
                yield text
        while not svc.hub.wait_for(game_id, after, keepalive, said_after=said):  # nothing new: nothing to read
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


def _chat_chunk(svc, game_id: str, said: int) -> tuple[str, int]:
    """(the stream's text for the chat messages after number `said`, the last
    number read): `message` entries without an `id:`, so that a browser's
    Last-Event-ID stays the version of the last event. Read by each stream
    (not shared as event pages are: a message the admin hides must not be
    served from a page rendered before)."""
    messages, last = visible(svc.chat, game_id, said, MAX_PAGE)
    return "".join(f"event: message\ndata: {compact(m)}\n\n" for m in messages), last


@events.get("/games/<game:game_id>/hands/<int:number>")
def get_hand(game_id, number):
    state = game_state(game_id)
    first, last = ended_hand(state, number)
    recorder = services().recorder
    started = recorder.read_span(game_id, first, first)[0]
    ended = recorder.read_span(game_id, last, last)[0]
    return etagged(hand_result(started, ended), state.version)

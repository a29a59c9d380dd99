"""Reading a request safely: whatever a client sends gets a clear 4xx with a
stable code, never a 500, before anything is touched.

- A body must be declared JSON (415 otherwise), fit the limit (413, chunked
  bodies too), arrive in time (408: the HTTP server gives a body
  ICEBERG_REQUEST_READ_S, service/runtime/gunicorn_workers.py), be framed
  well (400: a malformed chunk), parse (400), nest at most MAX_DEPTH deep
  (400: a deep document would exhaust the parser's recursion) and hold only
  valid Unicode text (400: a lone surrogate cannot be encoded, stored or
  hashed).
- Whole numbers in the query are ASCII digits only ('²'.isdigit() is true, and
  int('²') fails).
- The request's fingerprint (method, path, If-Match, body) is kept with an
  idempotency key, so a key replayed with another request is refused.
"""

import hashlib
import json
import re

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..store.codec import canonical
from .problems import Problem

MAX_DEPTH = 16
MAX_KEY = 200
_DIGITS = re.compile(r"[0-9]{1,13}")
_IF_MATCH = re.compile(r'\s*(?:W/)?"?([0-9]{1,12})"?\s*')
_KEY = re.compile(r"[\x21-\x7e]{1,%d}" % MAX_KEY)  # visible ASCII: a key is an opaque token


def json_body() -> dict:
    if request.mimetype != "application/json" and not request.mimetype.endswith("+json"):
        raise Problem(415, "unsupported_media_type", "the body must be JSON: Content-Type: application/json")
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is not None and request.content_length > limit:
        raise Problem(413, "payload_too_large", f"the request body is larger than {limit} bytes")
    try:
        body = _body(limit)
    except RequestEntityTooLarge:
        raise Problem(413, "payload_too_large", f"the request body is larger than {limit} bytes") from None
    except TimeoutError:  # the server's deadline on the body (it closes the connection after this answer)
        raise Problem(408, "request_timeout", "the request body did not arrive in time") from None
    except OSError:  # the server could not read a body out of what came (a malformed chunk, a cut)
        raise Problem(400, "invalid_request", "the request body could not be read: its framing is broken") from None
    if len(body) > limit:
        raise Problem(413, "payload_too_large", f"the request body is larger than {limit} bytes")
    try:
        data = json.loads(body) if body else None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Problem(400, "invalid_request", "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise Problem(400, "invalid_request", "the request body must be a JSON object")
    _check_document(data)
    return data


def _body(limit: int) -> bytes:
    """The body's bytes, one past the limit at most (a declared length over the
    limit was refused before). A chunked body has no length: the server marks
    its input as terminated, and werkzeug would stop at the limit without a
    word, so it is read here, one byte past it."""
    stream = request.environ.get("wsgi.input")
    if request.content_length is not None:
        # read as the server gives it, not through werkzeug's wrapper, which
        # reports every failure as a disconnect: a deadline passed is 408 here
        return stream.read(request.content_length) if stream is not None and request.content_length else b""
    if stream is None or not request.environ.get("wsgi.input_terminated"):
        return b""  # no length and no end: no body
    return stream.read(limit + 1)


def _check_document(data) -> None:
    """Depth and text of a parsed document, without recursion."""
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise Problem(400, "invalid_request", f"the request body nests deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            for key, item in value.items():
                _check_text(key)
                pending.append((item, depth + 1))
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            _check_text(value)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Problem(400, "invalid_request", "the request body holds text that is not valid Unicode "
                                              "(a lone surrogate)") from None


def int_arg(name: str, default: int, lo: int, hi: int) -> int:
    value = request.args.get(name)
    if value is None:
        return default
    if not _DIGITS.fullmatch(value) or not lo <= int(value) <= hi:
        raise Problem(400, "invalid_request", f"{name} must be a whole number from {lo} to {hi}")
    return int(value)


def resume_after() -> int:
    """Where a stream resumes: after Last-Event-ID (what a browser sends when it
    reconnects), else after ?after=V, else from the start."""
    last = request.headers.get("Last-Event-ID")
    if last is not None and _DIGITS.fullmatch(last.strip()):
        return int(last)
    return int_arg("after", 0, 0, 10**12)


def if_match() -> int | None:
    """The version If-Match names; None when absent or `*` (any current version)."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    match = _IF_MATCH.fullmatch(header)
    if not match:
        raise Problem(400, "invalid_request", 'If-Match must be "<version>" or *')
    return int(match.group(1))


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not _KEY.fullmatch(key):
        raise Problem(400, "invalid_request",
                      f"Idempotency-Key must be 1 to {MAX_KEY} visible ASCII characters")
    return key


def fingerprint(body: dict) -> str:
    """What makes two requests the same request, for an idempotency key."""
    text = canonical([request.method, request.path, request.headers.get("If-Match", "").strip(), body])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

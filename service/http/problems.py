"""Every error leaves as application/problem+json with a stable `code`, mapped
here in one place: rule violations, store conflicts, bad input, the
framework's own HTTP errors, and anything unexpected (never a bare 500 page)."""

import logging

from flask import Flask, g, jsonify, request
from marshmallow import ValidationError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError as RedisResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from domain.kernel.errors import CONFLICT, RuleViolation

from ..app.commands import StaleVersion
from ..store.errors import ConcurrencyError, GameNotFound, refuses_writes

log = logging.getLogger("iceberg")

_HTTP_CODES = {400: "invalid_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
               405: "method_not_allowed", 408: "request_timeout", 409: "conflict", 412: "version_conflict",
               413: "payload_too_large", 415: "unsupported_media_type", 422: "invalid_request",
               429: "too_many_requests", 503: "unavailable"}


class Problem(Exception):
    """An error a view raises on purpose, with its status and code."""

    def __init__(self, status: int, code: str, detail: str, title: str | None = None, extra: dict | None = None):
        super().__init__(detail)
        self.status, self.code, self.detail = status, code, detail
        self.title = title or code.replace("_", " ").capitalize()
        self.extra = extra or {}


def problem_response(status: int, code: str, detail: str, title: str | None = None, extra: dict | None = None):
    body = {"type": f"https://iceberg.invalid/problems/{code}", "title": title or code.replace("_", " ").capitalize(),
            "status": status, "detail": detail, "code": code, **(extra or {})}
    response = jsonify(body)
    response.status_code = status
    response.mimetype = "application/problem+json"
    if status == 401:  # RFC 6750: say how to authenticate, and whether a token was refused
        refused = ', error="invalid_token"' if request.headers.get("Authorization") else ""
        response.headers["WWW-Authenticate"] = f'Bearer realm="iceberg"{refused}'
    return response


def install(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(e: Problem):
        return problem_response(e.status, e.code, e.detail, e.title, e.extra)

    @app.errorhandler(RuleViolation)
    def _rule(e: RuleViolation):
        return problem_response(409 if e.kind == CONFLICT else 422, e.code, e.detail)  # declared with the rule

    @app.errorhandler(ValidationError)
    def _invalid(e: ValidationError):
        return problem_response(422, "invalid_request", "the request body does not have the expected shape",
                                extra={"errors": e.normalized_messages()})

    @app.errorhandler(ConcurrencyError)
    def _conflict(e: ConcurrencyError):
        return problem_response(409, "version_conflict", str(e), extra={"version": e.actual})

    @app.errorhandler(StaleVersion)
    def _stale(e: StaleVersion):
        detail = f"If-Match names version {e.expected}, the game is at {e.actual}"
        return problem_response(412, "version_conflict", detail, extra={"version": e.actual})

    @app.errorhandler(GameNotFound)
    def _missing(e: GameNotFound):
        return problem_response(404, "not_found", "no such game")

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException):
        if getattr(e, "response", None) is not None:
            return e.response  # made as a problem already (service/http/limits.py)
        status = e.code or 500
        response = problem_response(status, _HTTP_CODES.get(status, "http_error"), e.description or e.name, e.name)
        if isinstance(e, MethodNotAllowed) and e.valid_methods:
            response.headers["Allow"] = ", ".join(sorted(e.valid_methods))
        return response

    @app.errorhandler(RedisConnectionError)
    @app.errorhandler(RedisTimeoutError)
    def _store_down(e):
        log.warning("store unavailable: %s (request %s)", type(e).__name__, g.get("request_id"))
        response = problem_response(503, "store_unavailable", "the event store is not answering; try again")
        response.headers["Retry-After"] = "1"
        return response

    @app.errorhandler(RedisResponseError)
    def _store_refused(e):
        if not refuses_writes(e):
            return _unexpected(e)
        log.warning("store refuses writes: %s (request %s)", str(e).splitlines()[0][:200], g.get("request_id"))
        response = problem_response(503, "store_unavailable", "the event store is not taking writes; try again")
        response.headers["Retry-After"] = "5"
        return response

    @app.errorhandler(Exception)
    def _unexpected(e: Exception):
        log.exception("unexpected error (request %s)", g.get("request_id"))
        return problem_response(500, "internal_error", "an unexpected error on the server; it is in the server log")

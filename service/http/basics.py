"""What HTTP clients expect of every response, installed on the app in one place:
a request id (the client's `X-Request-Id` if it is a sane token, else a new
one) echoed on every response and named in the log lines the request causes
(service/http/problems.py; the access log prints it too), and CORS for the origins
the operator allows (ICEBERG_CORS_ORIGINS, by flask-cors)."""

import re
import uuid

from flask import Flask, g, request
from flask_cors import CORS

_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
#: what a browser page may send and read (ETag and Retry-After drive clients)
ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key",
                   "Last-Event-ID", "X-Request-Id"]
EXPOSED_HEADERS = ["ETag", "Location", "Retry-After", "Idempotent-Replayed", "X-Request-Id"]


def install(app: Flask, cors_origins: tuple[str, ...]) -> None:
    @app.before_request
    def _request_id():
        given = request.headers.get("X-Request-Id", "")
        g.request_id = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex

    @app.after_request
    def _echo_request_id(response):
        response.headers["X-Request-Id"] = g.get("request_id") or uuid.uuid4().hex
        return response

    if cors_origins:
        CORS(app, origins=list(cors_origins), allow_headers=ALLOWED_HEADERS, expose_headers=EXPOSED_HEADERS,
             methods=["GET", "POST", "PUT", "DELETE"], max_age=600)

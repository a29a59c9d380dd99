"""Logs never hold a token (docs/operations.md, "The log"): every line the
server writes, gunicorn's access and error logs included, goes through a
formatter that replaces tokens with their kind (service/app/tokens.py
`redacted`). A path may hold one (`/unsubscribe/un_…`), a query
(`?access_token=st_…`), a Referer (the unsubscribe page posts to itself), a
request gunicorn could not handle (its URI is logged with the error)."""

import logging

from ..app.tokens import redacted


class Redacting(logging.Formatter):
    """Formats as `inner` does, then takes the tokens out (tracebacks included)."""

    def __init__(self, inner: logging.Formatter | None):
        super().__init__()
        self.inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        return redacted(self.inner.format(record))


def redact(logger: logging.Logger) -> None:
    """Every handler of `logger` redacts what it writes."""
    for handler in logger.handlers:
        if not isinstance(handler.formatter, Redacting):
            handler.setFormatter(Redacting(handler.formatter))


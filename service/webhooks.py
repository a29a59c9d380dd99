"""Webhook URLs and signatures.

URL rules: http or https only, a host is required, at most 2,000 characters. A
URL whose host is (or resolves to) a loopback, private, link-local, reserved or
multicast address is refused unless ICEBERG_WEBHOOK_ALLOW_PRIVATE is set, so the
server cannot be turned against its own network; the check runs again at send
time, in case the name resolves elsewhere by then.

Signature: every notice is POSTed with
    X-Iceberg-Timestamp: <unix seconds>
    X-Iceberg-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed by the seat's secret>
The secret is returned once, when the webhook is registered.
"""

import hashlib
import hmac
import ipaddress
import secrets
import socket
from urllib.parse import urlsplit

MAX_URL = 2000


class UrlRefused(ValueError):
    pass


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(24)


def sign(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def check_url(url: str, allow_private: bool, resolve=socket.getaddrinfo) -> str:
    """The URL if it may be called, else UrlRefused saying why."""
    if not isinstance(url, str) or len(url) > MAX_URL:
        raise UrlRefused(f"a webhook URL is a string of at most {MAX_URL} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise UrlRefused("a webhook URL must be http or https")
    if not parts.hostname:
        raise UrlRefused("a webhook URL needs a host")
    try:
        port = parts.port
    except ValueError:
        raise UrlRefused("the URL's port is not a number from 0 to 65535") from None
    if allow_private:
        return url
    try:
        infos = resolve(parts.hostname, port or (443 if parts.scheme == "https" else 80),
                        proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise UrlRefused(f"the host {parts.hostname!r} does not resolve") from None
    for info in infos:
        address = ipaddress.ip_address(info[4][0].split("%")[0])
        if not address.is_global or address.is_multicast:
            raise UrlRefused(f"{parts.hostname} is a private or local address; "
                             "set ICEBERG_WEBHOOK_ALLOW_PRIVATE to allow it")
    return url

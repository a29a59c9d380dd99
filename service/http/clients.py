"""Who a client is, for what is counted per client (service/http/inflight.py,
the gevent worker's connections: service/runtime/gunicorn_workers.py).

A client is its token where it sends one (`Authorization: Bearer`, or a
stream's `?access_token=`): one player or one seat, from whatever address.
Otherwise it is its address; an IPv6 address counts by its /64, which one
host is commonly given whole (a host must not become thousands of clients by
changing its last bits), and an IPv4-mapped one as the IPv4 address it maps.
"""

import functools
import hashlib
import ipaddress
from urllib.parse import parse_qs


@functools.lru_cache(maxsize=4096)  # asked for at every connection accepted: a burst repeats one address
def client_key(address: str) -> str:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address  # not an IP address (a Unix socket's peer): itself
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def requester(environ: dict) -> str:
    """The client of a WSGI request: its token's (hashed: never kept as it is), else its address's."""
    token = _token(environ)
    if token:
        return "t:" + hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return "a:" + client_key(environ.get("REMOTE_ADDR") or "")


def _token(environ: dict) -> str | None:
    scheme, _, token = (environ.get("HTTP_AUTHORIZATION") or "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if "access_token=" in (environ.get("QUERY_STRING") or ""):
        given = parse_qs(environ["QUERY_STRING"]).get("access_token")
        return given[0] if given else None
    return None

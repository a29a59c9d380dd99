"""Webhook URLs, the addresses they may reach, and signatures.

URL rules: http or https only, a host is required, at most 2,000 characters.

Addresses. A host that is (or resolves to) anything but a public unicast
address is refused unless ICEBERG_WEBHOOK_ALLOW_PRIVATE is set, so the server
cannot be turned against its own network. "Public" is decided by the
`ipaddress` module's properties, not by a list of ours, and for an IPv6
address that carries an IPv4 one (IPv4-mapped `::ffff:a.b.c.d`,
IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:…`,
Teredo) the IPv4 address must be public too. Numeric IPv4 forms
(`2130706433`, `0x7f.1`, `0177.0.0.1`) are read the way the C library reads
them. A zone id (`fe80::1%eth0`) is always refused.

A name is resolved once per delivery: `target` resolves and checks, and the
delivery connects to exactly the addresses it checked (workers/notices.py), so
a name cannot pass the check and then resolve elsewhere (DNS rebinding).
Registration checks too, to refuse a bad URL early.

Signature: every notice is POSTed with
    X-Iceberg-Timestamp: <unix seconds>
    X-Iceberg-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed by the seat's secret>
The secret is returned once, when the webhook is registered.
"""

import hashlib
import hmac
import ipaddress
import re
import secrets
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

MAX_URL = 2000
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052: the IPv4 address is the low 32 bits
NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")  # RFC 8215: local use, never global
NUMERIC_V4 = re.compile(r"[0-9a-fx.]+")  # what inet_aton may read as an IPv4 address


class UrlRefused(ValueError):
    pass


@dataclass(frozen=True)
class Target:
    """Where one delivery goes: the URL's parts and the checked addresses to connect to."""

    scheme: str
    host: str  # as in the URL: the Host header, SNI and the certificate's name
    port: int
    path: str  # path and query
    addresses: tuple  # (family, sockaddr), each checked


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(24)


def sign(secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def check_url(url: str, allow_private: bool, resolve=socket.getaddrinfo) -> str:
    """The URL if it may be registered, else UrlRefused saying why. With
    `allow_private`, the URL is only parsed (its name may not resolve yet)."""
    if allow_private:
        _parse(url)
    else:
        target(url, allow_private, resolve)
    return url


def target(url: str, allow_private: bool, resolve=socket.getaddrinfo) -> Target:
    """Parse, resolve once and check every address, else UrlRefused."""
    scheme, host, port, path = _parse(url)
    literal = _literal(host)
    if literal is not None:
        family = socket.AF_INET6 if literal.version == 6 else socket.AF_INET
        sockaddrs = [(family, (str(literal), port) if family == socket.AF_INET else (str(literal), port, 0, 0))]
    else:
        try:
            infos = resolve(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
        except (OSError, UnicodeError):
            raise UrlRefused(f"the host {host!r} does not resolve") from None
        sockaddrs = [(info[0], info[4]) for info in infos if info[0] in (socket.AF_INET, socket.AF_INET6)]
        if not sockaddrs:
            raise UrlRefused(f"the host {host!r} does not resolve")
    for _, sockaddr in sockaddrs:
        why = refusal(sockaddr[0], allow_private)
        if why:
            hint = "" if allow_private or refusal(sockaddr[0], True) else \
                "; set ICEBERG_WEBHOOK_ALLOW_PRIVATE to allow it"
            raise UrlRefused(f"{host} {'is' if literal is not None else 'resolves to'} {why}{hint}")
    return Target(scheme, host, port, path, tuple(dict.fromkeys(sockaddrs)))


def refusal(text: str, allow_private: bool = False) -> str | None:
    """Why this address may not be called, or None if it may."""
    if "%" in text:
        return "an address with a zone id"
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return "not an IP address"
    for part in (address, *embedded_ipv4(address)):
        if part.is_unspecified or part.is_multicast:
            return "an unspecified or multicast address"
        if allow_private:
            continue
        if not public(part):
            return "a private, local or reserved address" if part is address else \
                f"an address that embeds the non-public IPv4 address {part}"
    return None


def public(address) -> bool:
    """Public unicast, by the ipaddress module's own properties."""
    return address.is_global and not (
        address.is_multicast or address.is_unspecified or address.is_reserved or address.is_link_local
        or address.is_loopback or address.is_private
        or (address.version == 6 and (address.is_site_local or address in NAT64_LOCAL)))


def embedded_ipv4(address) -> list:
    """The IPv4 addresses an IPv6 address carries: ipaddress's properties
    where it has one (mapped, 6to4, Teredo), else derived (compatible, NAT64)."""
    if address.version == 4:
        return []
    found = []
    if address.ipv4_mapped is not None:
        found.append(address.ipv4_mapped)
    if address.sixtofour is not None:
        found.append(address.sixtofour)
    if address.teredo is not None:
        found.extend(address.teredo)  # (server, client)
    low = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if int(address) >> 32 == 0 or address in NAT64:  # IPv4-compatible ::a.b.c.d, or NAT64
        found.append(low)
    return found


def _parse(url: str) -> tuple[str, str, int, str]:
    if not isinstance(url, str) or len(url) > MAX_URL:
        raise UrlRefused(f"a webhook URL is a string of at most {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:  # a bracketed host that is not an IPv6 address
        raise UrlRefused("the URL's host is not valid") from None
    if parts.scheme not in ("http", "https"):
        raise UrlRefused("a webhook URL must be http or https")
    if not host:
        raise UrlRefused("a webhook URL needs a host")
    if any(c.isspace() or ord(c) < 32 for c in host) or "%" in host:
        raise UrlRefused("a webhook URL's host may not have spaces, control characters or a zone id")
    try:
        port = parts.port
    except ValueError:
        raise UrlRefused("the URL's port is not a number from 1 to 65535") from None
    if port == 0:
        raise UrlRefused("the URL's port is not a number from 1 to 65535")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, host, port or (443 if parts.scheme == "https" else 80), path


def _literal(host: str):
    """The host as an IP address if it is one, in any form the C library reads."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if NUMERIC_V4.fullmatch(host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            pass
    return None

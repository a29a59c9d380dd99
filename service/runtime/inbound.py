"""The inbound mail receiver of `iceberg serve` (ICEBERG_INBOUND_SMTP,
ICEBERG_MAIL_DOMAIN): an aiosmtpd SMTP or LMTP server that the site's MTA
relays the mail domain to (docs/operations.md), started and restarted by the
supervisor like the other children.

At SMTP time it refuses what it will not take, with the codes an MTA
understands: a recipient outside the domain, or other than `play+<token>` and
`games` (550); more than MAX_RECIPIENTS recipients (452); a message over
ICEBERG_MAX_MAIL_BYTES, 256 KiB by default (552, also when the client
announces its SIZE); a sender past its rate (ICEBERG_RATE_LIMIT_MAIL, "30/hour"
by default: 450, try later). What it takes is handled by the application
service (service/app/inbound.py), off the event loop, before it answers 250,
so a message the receiver could not handle is retried by the MTA.

aiosmtpd's own log names addresses: it is silenced. Ours names only a
message's Message-ID and what came of it.

    python -m service.runtime.inbound      (what the supervisor runs)
"""

import asyncio
import logging
import re
import signal
import sys
import threading
from urllib.parse import urlsplit

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP

from ..app.inbound import Inbound
from ..config import Config
from ..wiring import wire

log = logging.getLogger("iceberg.inbound")

MAX_RECIPIENTS = 5
_LOCAL = re.compile(r"play\+[0-9a-fA-F]{32}|games", re.I)
_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


def where(url: str) -> tuple[str, str, int]:
    """(protocol, host, port) of ICEBERG_INBOUND_SMTP: `[lmtp://|smtp://]host:port`."""
    if "://" not in url:
        url = "smtp://" + url
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "lmtp") or not parts.hostname or not parts.port:
        raise ValueError(f"ICEBERG_INBOUND_SMTP must be [lmtp://|smtp://]host:port, not {url!r}")
    return parts.scheme, parts.hostname, parts.port


def rates(text: str | None) -> list[tuple[int, int]]:
    """"30/hour;5/minute" as [(30, 3600), (5, 60)] (flask-limiter's notation, as the other limits)."""
    found = []
    for part in (text or "").split(";"):
        match = re.fullmatch(r"\s*(\d+)\s*(?:/|per)\s*(?:(\d+)\s*)?(second|minute|hour|day)s?\s*", part)
        if match:
            found.append((int(match.group(1)), int(match.group(2) or 1) * _UNITS[match.group(3)]))
    return found


class Handler:
    """aiosmtpd's hooks: refuse at SMTP time, hand the rest to the application service."""

    def __init__(self, services, inbound: Inbound | None = None):
        self.svc, self.config = services, services.config
        self.inbound = inbound or Inbound(services)
        self.domain = (self.config.mail_domain or "").lower()
        self.limits = rates((self.config.rate_limits or {}).get("mail"))

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        # a bounce's empty sender is taken (then ignored): refusing it would only bounce the bounce
        if address and self._over_rate(address):
            return "450 4.7.1 too much mail from this sender; try again later"
        envelope.mail_from = address or "<>"
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    def _over_rate(self, address: str) -> bool:
        now = self.svc.clock().timestamp()
        return any(self.svc.mailbox.count_mail(address, window, now) > most for most, window in self.limits)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if len(envelope.rcpt_tos) >= MAX_RECIPIENTS:
            return "452 4.5.3 too many recipients"
        local, _, domain = address.rpartition("@")
        if domain.lower() != self.domain or not _LOCAL.fullmatch(local):
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        loop = asyncio.get_running_loop()
        try:
            for recipient in envelope.rcpt_tos:
                await loop.run_in_executor(None, self.inbound.receive, envelope.mail_from, recipient,
                                           envelope.original_content or envelope.content)
        except Exception as e:  # the store is away, say: the MTA keeps the mail and tries again
            log.warning("a received mail could not be handled now (%s); answered 451", type(e).__name__)
            return "451 4.3.0 could not take the mail now; try again later"
        return "250 OK"


class Receiver(Controller):
    """The receiver on its own thread and event loop (aiosmtpd's Controller), SMTP or LMTP."""

    def __init__(self, services, url: str | None = None, inbound: Inbound | None = None):
        protocol, host, port = where(url or services.config.inbound_smtp)
        self.protocol = protocol
        super().__init__(Handler(services, inbound), hostname=host, port=port,
                         data_size_limit=services.config.max_mail_bytes, decode_data=False,
                         enable_SMTPUTF8=True, ident="iceberg mail")

    def factory(self):
        kind = LMTP if self.protocol == "lmtp" else SMTP
        return kind(self.handler, **self.SMTP_kwargs)


def quiet_aiosmtpd() -> None:
    """aiosmtpd logs senders and recipients: nothing of a mail is logged but its Message-ID."""
    for name in ("mail.log", "mail.debug"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.CRITICAL + 1)
        logger.propagate = False


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    quiet_aiosmtpd()
    config = Config.from_env()
    if not config.inbound_smtp or not config.mail_domain:
        log.error("the mail receiver needs ICEBERG_INBOUND_SMTP and ICEBERG_MAIL_DOMAIN")
        return 2
    try:
        receiver = Receiver(wire(config))
    except ValueError as e:
        log.error("%s", e)
        return 2
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    receiver.start()
    log.info("receiving mail for %s (%s) on %s", config.mail_domain, receiver.protocol, config.inbound_smtp)
    stop.wait()
    receiver.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

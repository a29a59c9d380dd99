"""Play by mail in tests, with real SMTP both ways on loopback: the notices
worker's jobs (run in this process) send through an aiosmtpd sink, and the
server's own receiver (service/runtime/inbound.py, an aiosmtpd server) takes
what the test's players send it with smtplib."""

import smtplib
from dataclasses import replace
from email.message import EmailMessage
from email.utils import make_msgid

from service.config import Config
from service.runtime.inbound import Receiver, quiet_aiosmtpd
from service.runtime.redis_server import free_port
from service.wiring import wire
from tests.notices_helpers import run_notices
from tests.smtp_sink import SmtpSink
from tests.workers_helpers import use_context

DOMAIN = "play.test"
MAIL = {"ICEBERG_MAIL_FROM": f"Iceberg <games@{DOMAIN}>", "ICEBERG_PUBLIC_URL": "https://iceberg.test",
        "ICEBERG_MAIL_DOMAIN": DOMAIN}


class MailWorld:
    """A sink for what the server sends, its receiver for what players send, the notices worker's jobs."""

    def __init__(self, redis_url, monkeypatch, protocol="smtp", mail_rate="30/hour", max_bytes=256 * 1024):
        quiet_aiosmtpd()
        self.sink = SmtpSink()
        self.ctx = use_context(monkeypatch, redis_url, ICEBERG_SMTP_URL=self.sink.url, **MAIL)
        config = replace(Config.from_env(), rate_limits={"mail": mail_rate}, max_mail_bytes=max_bytes,
                         inbound_smtp=f"{protocol}://127.0.0.1:{free_port()}")
        self.services = wire(config)
        self.receiver = Receiver(self.services)
        self.receiver.start()
        self.port = self.receiver.port

    def close(self):
        self.receiver.stop()
        self.services.hub.close()
        self.sink.close()

    def work(self):
        """Run the notices queue dry: notices, answers, sign-in codes."""
        run_notices(self.ctx)

    def to(self, address: str) -> list:
        return [m for rcpt, m in self.sink.received if [r.lower() for r in rcpt] == [address.lower()]]

    def send(self, message: EmailMessage, envelope_from: str | None = None, to: list | None = None):
        """Hand a message to the receiver over SMTP (or LMTP); smtplib's errors propagate."""
        kind = smtplib.LMTP if self.receiver.protocol == "lmtp" else smtplib.SMTP
        with kind("127.0.0.1", self.port, timeout=10) as smtp:
            sender = message["From"] if envelope_from is None else envelope_from
            return smtp.send_message(message, from_addr=sender, to_addrs=to or [message["To"]])


def reply(notice, sender: str, lines: list[str], quote: bool = True, **headers) -> EmailMessage:
    """A person's reply to `notice`: the commands on top, the notice quoted below (as mail clients do)."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = notice["Reply-To"]
    message["Subject"] = "Re: " + notice["Subject"]
    message["Message-ID"] = make_msgid(domain="example.org")
    message["In-Reply-To"] = notice["Message-ID"]
    message["References"] = notice["Message-ID"]
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    body = "\n".join(lines) + "\n"
    if quote:
        body += f"\nOn Thu, 26 Nov 2026, Iceberg <games@{DOMAIN}> wrote:\n"
        body += "\n".join("> " + line for line in notice.get_content().splitlines()) + "\n"
    body += "\n-- \nAnn, sent from her phone\n1\n"
    message.set_content(body)
    return message


def mail_to(sender: str, to: str, lines: list[str]) -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, "hello"
    message["Message-ID"] = make_msgid(domain="example.org")
    message.set_content("\n".join(lines) + "\n")
    return message


def text(message) -> str:
    """A message's text with plain line ends."""
    return message.get_content().replace("\r\n", "\n")

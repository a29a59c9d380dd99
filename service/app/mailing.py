"""Sending e-mail, for every mail the server sends (notices, sign-in codes,
answers to mail played): through the SMTP server of ICEBERG_SMTP_URL, each
message built under a strict policy and checked to carry exactly the headers
that were set (workers/mail.py says why).

ICEBERG_SMTP_URL: `smtp://[user:password@]host[:port][?starttls=1]` (port 25)
or `smtps://…` (TLS from the start, port 465).
"""

import email
import email.policy
import smtplib
import ssl
import unicodedata
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

TIMEOUT_S = 10.0
POLICY = email.policy.SMTP.clone(raise_on_defect=True)
#: the headers EmailMessage adds for a text body, besides those compose sets
BODY_HEADERS = ("Content-Type", "Content-Transfer-Encoding", "MIME-Version")


class HeaderInjection(ValueError):
    """A message would not carry exactly the headers that were set."""


def header_text(text: str) -> str:
    """User text made safe for a header whatever the interpreter: no control,
    format or separator character, no encoded word (CVE-2024-6923)."""
    text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)
    return text.replace("=?", "=\u200b?")


def message_of(headers: dict, body: str) -> EmailMessage:
    """A plain-text message with exactly these headers (checked: HeaderInjection if not)."""
    message = EmailMessage(policy=POLICY)
    for name, value in headers.items():
        message[name] = value
    message.set_content(body)
    check_headers(message, headers)
    return message


def check_headers(message: EmailMessage, headers: dict) -> None:
    """The message as it will be sent, parsed again: exactly the headers set
    (and the body's own), each with the value it was given; else HeaderInjection."""
    parsed = email.message_from_bytes(message.as_bytes(policy=POLICY), policy=email.policy.default)
    names = sorted(parsed.keys())
    if names != sorted([*headers, *BODY_HEADERS]):
        raise HeaderInjection(f"the message would carry the headers {names}")
    changed = [name for name, value in headers.items() if _words(str(parsed[name])) != _words(value)]
    if changed or parsed.get_content_type() != "text/plain" or parsed.is_multipart():
        raise HeaderInjection(f"the message would not carry what was set: {changed or 'its body'}")


def _words(value: str) -> list[str]:
    """A header's value up to white space (folding adds some where it breaks a line)."""
    return value.split()


def send(smtp_url: str, message: EmailMessage, timeout_s: float = TIMEOUT_S) -> tuple[int | None, str | None, bool]:
    """(SMTP status, error in one line or None, worth retrying)."""
    where = urlsplit(smtp_url)
    secure = where.scheme == "smtps"
    if where.scheme not in ("smtp", "smtps") or not where.hostname:
        return None, "ICEBERG_SMTP_URL must be smtp://host[:port] or smtps://host[:port]", False
    starttls = parse_qs(where.query).get("starttls", ["0"])[0] in ("1", "true", "yes")
    try:
        kind = smtplib.SMTP_SSL if secure else smtplib.SMTP
        with kind(where.hostname, where.port or (465 if secure else 25), timeout=timeout_s) as smtp:
            if starttls:
                smtp.starttls(context=ssl.create_default_context())
            if where.username:
                smtp.login(unquote(where.username), unquote(where.password or ""))
            smtp.send_message(message)
    except smtplib.SMTPRecipientsRefused as e:
        code = next(iter(e.recipients.values()))[0]
        return code, f"the address was refused ({code})", code < 500
    except smtplib.SMTPResponseException as e:
        return e.smtp_code, f"answered {e.smtp_code}", e.smtp_code < 500
    except (smtplib.SMTPException, OSError) as e:
        return None, " ".join(f"{type(e).__name__}: {e}".split())[:300], True
    return 250, None, True

"""Mail that is not a game's notice: a one-time sign-in code (POST /players/sign-in)
and a message composed elsewhere (the answer to mail played, service/app/mailbox.py),
sent through ICEBERG_SMTP_URL (service/app/mailing.py). Neither the code nor an
address is ever logged."""

import logging
import secrets
from email.utils import format_datetime, make_msgid
from urllib.parse import urlsplit

from service.app.mailing import message_of, send
from service.store.codec import epoch_ms

from .context import context

log = logging.getLogger("iceberg.mailing")


def send_sign_in_code(player_id: str) -> str:
    ctx = context()
    player = ctx.players.get(player_id)
    if player is None or not player["email"] or not ctx.config.smtp_url:
        return "no address"
    now = ctx.clock()
    code = ctx.players.new_sign_in_code(player_id, player["email"], epoch_ms(now))
    if code is None:
        return "a code was sent less than a minute ago"
    host = urlsplit(ctx.config.public_url).hostname or "iceberg"
    body = "\n".join([
        f"Hello {player['name']},", "",
        f"Your sign-in code is {code}", "",
        "It works once, for 15 minutes: give it where you asked to sign in.",
        "If you did not ask, ignore this mail: nobody can sign in without the code.", ""])
    message = message_of({"From": ctx.config.mail_from, "To": player["email"], "Subject": f"Sign-in code {code}",
                          "Date": format_datetime(now), "Message-ID": make_msgid(secrets.token_hex(8), host),
                          "Auto-Submitted": "auto-generated"}, body)
    status, error, _ = send(ctx.config.smtp_url, message)
    if error:
        log.warning("sign-in code for player %s not sent: %s", player_id, error)
    return "sent" if error is None else "not sent"


def send_mail(message: str) -> str:
    """Send a message composed and checked by the application service; its Message-ID alone is logged on failure."""
    import email
    import email.policy

    ctx = context()
    parsed = email.message_from_string(message, policy=email.policy.SMTP)
    status, error, _ = send(ctx.config.smtp_url, parsed)
    if error:
        log.warning("mail %s not sent: %s", parsed["Message-ID"], error)
    return "sent" if error is None else "not sent"

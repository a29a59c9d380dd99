"""E-mail notices, sent by the notices worker (workers/notices.py) through the
SMTP server of ICEBERG_SMTP_URL, from ICEBERG_MAIL_FROM.

Only to a player's own address (given with their token: POST /players, PATCH
/me), only while their e-mail notices are on, and only for a turn that begins,
its reminder and the end of the game. Each message says what happened since
the player's last move (public events only), the deadline, the game's name and
a link, and carries a one-click unsubscribe (RFC 8058: `List-Unsubscribe` with
an https link and `List-Unsubscribe-Post`; the link works once per e-mail's
token, kept hashed 90 days). The address is never logged.

Headers carry only what cannot be read as header syntax. Python's `email`
package, on the interpreters this project runs on (3.11.7, like 3.12.1 and
3.10.13: CVE-2024-6923), decodes an RFC 2047 encoded word found in a header's
text when it refolds the header, and writes a CR LF it decodes as it is: a
game named `=?utf-8?q?=0D=0AContent-Type:text/html...?=` would add headers
and a body of its creator's choosing to every other player's mail. So user
text bound for a header loses its control, format and separator characters
and every encoded word's opening `=?` is broken by a zero-width space (the
reader sees the text as typed); the message is built by `EmailMessage` under
a strict policy (defects raise; newer interpreters also refuse a header that
would not parse back as set), and before it is sent it is written out, parsed
again and compared with what was set: any other header, or a header whose
value changed, and the mail is not sent (`HeaderInjection`).

ICEBERG_SMTP_URL: `smtp://[user:password@]host[:port][?starttls=1]` (port 25)
or `smtps://…` (TLS from the start, port 465).
"""

from email.message import EmailMessage
from email.utils import format_datetime
from urllib.parse import urlsplit

from projections.notices import told, told_messages
from service.app.mailing import (  # noqa: F401
    BODY_HEADERS,
    POLICY,
    TIMEOUT_S,
    HeaderInjection,
    check_headers,
    header_text,
    message_of,
    send,
)

EMAILED = ("your_turn", "reminder", "game_ended")  # a hand's end is told by the next turn's e-mail


def wanted(config, player: dict, kind: str) -> bool:
    return bool(config.smtp_url and player["email"] and player["email_notices"] and kind in EMAILED)


def compose(config, player: dict, game_id: str, seat: int, kind: str, data: dict, names: list,
            unsubscribe_url: str, delivery: str, now, reply_to: str | None = None,
            board: list[str] | None = None) -> EmailMessage:
    """The e-mail of a notice whose data was told (workers/notices.py `told_data`);
    with play by mail, its `Reply-To` (the player's reply address) and the board
    as the player may see it, their moves numbered (projections/board.py)."""
    game = header_text(data.get("name") or game_id)
    lines = [f"Hello {player['name']},", ""]
    if kind == "game_ended":
        subject = f"{game}: the game has ended"
        # a notice enqueued before notices carried the reason is told without it
        lines += told([{"type": "GameEnded", "data": {"reason": "see the game", **data}}], names, me=seat)
        lines += ["Totals: " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(data["totals"])) + "."]
    else:
        subject = f"{game}: your turn" if kind == "your_turn" else f"{game}: reminder, your turn ends soon"
        lines += [f"It is your turn in {game} (hand {data['hand'] + 1})."]
        happened = told(data.get("since", []), names, me=seat)
        if happened:
            lines += ["", "Since your last move:"] + [f"  {line}" for line in happened]
        if data.get("messages"):  # what the others said at the table since (service/app/chat.py)
            lines += ["", "Said at the table:"] + [f"  {line}" for line in told_messages(data["messages"])]
        deadline = data.get("deadline")
        lines += ["", f"Your turn must be played by {deadline} (UTC)." if deadline else "This game has no deadline."]
    if board:
        lines += ["", "-" * 40, *board, "-" * 40]
        if reply_to and kind != "game_ended":
            lines += ["", "To play, reply to this mail with a move's number or its line, one a line",
                      "(several in one mail are played in turn; write help for the language)."]
    lines += ["", f"The game: {data['link']}", "",
              f"To get no more e-mail notices: {unsubscribe_url}", ""]
    headers = {
        "From": config.mail_from,
        "To": player["email"],  # an address email-validator took (service/http/names.py)
        "Subject": subject,
        "Date": format_datetime(now),
        "Message-ID": message_id(config, delivery),  # the same on a retry
        **({"Reply-To": reply_to} if reply_to else {}),
        "Auto-Submitted": "auto-generated",
        "List-Unsubscribe": f"<{unsubscribe_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    return message_of(headers, "\n".join(lines))




def message_id(config, delivery: str) -> str:
    return f"<{delivery}@{urlsplit(config.public_url).hostname or 'iceberg'}>"

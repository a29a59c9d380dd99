"""Mail received (docs/api.md, "Play by e-mail"): a reply to a notice plays the
commands on its first lines, through the one application service; a mail to
games@ answers `help` and `games`. The receiver (service/runtime/inbound.py)
hands each message here once it has taken it at SMTP time.

What a message may do, in order:

1. Mail no person wrote is ignored, without an answer: an empty envelope
   sender (a bounce), `Auto-Submitted` other than `no`, `Precedence:
   bulk|junk|list`, a `List-Id`, our own `X-Loop`, or a sender of our own
   domain (another server's answers), or a From that failed DMARC at our MTA
   (its `Authentication-Results`). Our answers carry `Auto-Submitted:
   auto-replied` and `X-Loop`, so no two servers, and no auto-responder, can
   answer each other for ever.
2. A Message-ID handled before is ignored: a mail delivered twice plays once.
3. `play+<token>@`: the token must be a live reply token, and the From address
   the registered address of its player; anything else is ignored.
4. The commands are the first lines of the plain-text part (or the text of an
   HTML-only mail), up to the first blank line, quoted lines (`>`) and an
   attribution (`... wrote:`) skipped, a signature (`-- `) or a forwarded
   original ending them. Each is a move's number, a line of the command
   language (domain/kernel/wording.py), `resign` or `extend`.
5. A reply that answers a mail we sent about this seat (`In-Reply-To`,
   `References`) is tied to the board that mail showed: if the seat has moved
   since, its commands are refused as stale. The others act on the game as it
   stands. Each command goes through `GameCommands.handle` with the Message-ID
   (and the line's place) as its idempotency key, in the seat's own name; the
   first refused one stops the rest.
6. One answer, enqueued on the notices queue: what was played, what was
   refused and why (the rule's words), and the board with the legal moves.

Nothing of a message is logged but its Message-ID.
"""

import email
import email.policy
import hashlib
import logging
import re
from dataclasses import dataclass, field
from email.utils import format_datetime, make_msgid
from html.parser import HTMLParser

from domain import registry
from domain.kernel.bodies import command_of
from domain.kernel.errors import RuleViolation
from domain.kernel.seats import Extend, Resign
from domain.kernel.wording import Unreadable, example, read_line
from projections.board import board, moves

from ..store.errors import ConcurrencyError
from .mailing import header_text, message_of

log = logging.getLogger("iceberg.inbound")

MOST_COMMANDS = 20  # lines played from one mail at most
_MESSAGE_ID = re.compile(r"<[!-;=?-~]{1,250}>")  # printable, no angle brackets or spaces
_PLAY = re.compile(r"play\+([0-9a-fA-F]{32})")
AUTO_PRECEDENCE = ("bulk", "junk", "list")
SEAT_WORDS = {"resign": Resign, "extend": Extend}


@dataclass
class Answer:
    played: list = field(default_factory=list)  # (line, what it did)
    refused: list = field(default_factory=list)  # (line, why)
    skipped: list = field(default_factory=list)  # lines not played after a refusal


def parse(data: bytes):
    return email.message_from_bytes(data, policy=email.policy.default)


def ignored_why(message, envelope_from: str, own_domain: str) -> str | None:
    """Why a message is no person's mail to answer (None: it may be)."""
    if not envelope_from or envelope_from == "<>":
        return "a bounce (empty envelope sender)"
    auto = str(message.get("Auto-Submitted") or "no").split(";")[0].strip().lower()
    if auto != "no":
        return "an automatic mail (Auto-Submitted)"
    if message.get("X-Autoreply") is not None or message.get("X-Autorespond") is not None:
        return "an automatic reply (X-Autoreply)"
    if (message.get("Precedence") or "").strip().lower() in AUTO_PRECEDENCE:
        return "bulk or list mail (Precedence)"
    if message.get("List-Id") is not None:
        return "list mail (List-Id)"
    if any("dmarc=fail" in str(value).lower() for value in message.get_all("Authentication-Results") or ()):
        return "its From failed DMARC at our MTA"
    if (message.get("X-Loop") or "").strip().lower() == own_domain:
        return "our own mail come back (X-Loop)"
    sender = sender_of(message)
    if sender is None:
        return "no sender address"
    if sender.rpartition("@")[2] == own_domain or envelope_from.lower().rpartition("@")[2] == own_domain:
        return "mail from our own domain"
    return None


def sender_of(message) -> str | None:
    """The From address, lower-cased, if there is exactly one."""
    try:
        addresses = message["From"].addresses if message["From"] is not None else ()
    except (AttributeError, IndexError, ValueError):
        return None
    if len(addresses) != 1 or not addresses[0].addr_spec or "@" not in addresses[0].addr_spec:
        return None
    return addresses[0].addr_spec.strip().lower()


def message_id_of(message, data: bytes) -> str:
    """The message's Message-ID, or (none or a malformed one) one made from its bytes: the same on a redelivery."""
    given = (message.get("Message-ID") or "").strip()
    if _MESSAGE_ID.fullmatch(given):
        return given
    return f"<{hashlib.sha256(data).hexdigest()}@received>"


def answered_ids(message) -> list[str]:
    """The Message-IDs a mail answers: In-Reply-To first, then References from the newest."""
    found = []
    for name in ("In-Reply-To", "References"):
        ids = _MESSAGE_ID.findall(str(message.get(name) or ""))
        found += ids if name == "In-Reply-To" else list(reversed(ids))
    return found


class _Text(HTMLParser):
    """The text of an HTML mail, a line per block; what is quoted (blockquote), scripts and styles left out."""

    SKIPPED = ("script", "style", "blockquote", "head")

    def __init__(self):
        super().__init__()
        self.parts, self.skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIPPED:
            self.skip += 1
        if tag in ("br", "p", "div", "li", "tr", "blockquote"):
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in self.SKIPPED:
            self.skip = max(0, self.skip - 1)
        if tag in ("p", "div", "blockquote"):
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def text_of(message) -> str:
    """The plain-text part, or the text of the HTML part when there is none."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError, AssertionError):
        return ""
    if part.get_content_type() == "text/html":
        parser = _Text()
        parser.feed(content)
        content = "".join(parser.parts)
    return content if isinstance(content, str) else ""


def command_lines(text: str) -> list[str]:
    """The commands of a mail: its first lines, quotes, attributions and signatures dropped,
    up to the first blank line."""
    lines = []
    for raw in text.splitlines():
        line = raw.strip().replace("\u00a0", " ")
        if raw.rstrip() == "--" or raw.startswith("-- ") or re.match(r"-{2,}\s*(Original|Forwarded) ", line, re.I):
            break
        if line.startswith(">") or line.endswith("wrote:") or line.endswith("a écrit :"):
            continue
        if not line:
            if lines:
                break
            continue
        lines.append(line)
    return lines[:MOST_COMMANDS]


class Inbound:
    """What a received message does; `services`: the process's wiring (service/wiring.py)."""

    def __init__(self, services):
        self.svc = services
        self.config = services.config

    def receive(self, envelope_from: str, recipient: str, data: bytes) -> str:
        """Handle one message for one recipient; what came of it, in a few words (never its content)."""
        message = parse(data)
        message_id = message_id_of(message, data)
        domain = (self.config.mail_domain or "").lower()
        why = ignored_why(message, envelope_from, domain)
        if why:
            return self._done(message_id, f"ignored: {why}")
        if self.svc.mailbox.handled(message_id):
            return self._done(message_id, "ignored: handled before", mark=False)
        local = recipient.rpartition("@")[0]
        play = _PLAY.fullmatch(local)
        if play:
            outcome = self._reply(message, message_id, play.group(1).lower())
        elif local.lower() == "games":
            outcome = self._games(message, message_id)
        else:
            outcome = "ignored: no such address"
        return self._done(message_id, outcome)

    def _done(self, message_id: str, outcome: str, mark: bool = True) -> str:
        if mark:
            self.svc.mailbox.mark_handled(message_id)
        log.info("mail %s: %s", message_id, outcome)
        return outcome

    # --- a reply to a notice -------------------------------------------------------------------

    def _reply(self, message, message_id: str, token: str) -> str:
        found = self.svc.mailbox.reply_of(token)
        if found is None:
            return "ignored: unknown reply token"
        player = self.svc.players.get(found["player"])
        if player is None or not player["email"] or sender_of(message) != player["email"].lower():
            return "ignored: not the token's player"
        game_id, seat = found["game"], found["seat"]
        state = self.svc.repository.load(game_id).state
        if state.status == "finished":
            return "ignored: the game has ended"
        answer = Answer()
        lines = command_lines(text_of(message))
        stale = self._stale(message, game_id, seat, state)
        if stale:
            answer.refused.append((lines[0] if lines else "(your reply)", stale))
            answer.skipped = lines[1:]
        else:
            state = self._play(game_id, seat, lines, message_id, answer)
        self._answer(message, message_id, player, game_id, seat, state, token, answer, lines)
        return f"played {len(answer.played)}, refused {len(answer.refused)}"

    def _stale(self, message, game_id: str, seat: int, state) -> str | None:
        """Why the mail's commands are stale: it answers a board of this seat, and the seat has moved since."""
        for answered in answered_ids(message):
            sent = self.svc.mailbox.sent(answered)
            if sent is None or sent["game"] != game_id or sent["seat"] != seat:
                continue
            if sent["version"] < state.version:
                since = self.svc.recorder.read_span(game_id, sent["version"] + 1, state.version)
                if any(e.data.get("seat") == seat and registry.is_move(e.type) for e in since):
                    return ("stale: you have moved since the mail you answer (by the API, a page or another "
                            "mail); nothing was played. The board as it is now is below.")
            return None
        return None

    def _play(self, game_id: str, seat: int, lines: list[str], message_id: str, answer: Answer):
        state = self.svc.repository.load(game_id).state
        variant = registry.of(state)
        for i, line in enumerate(lines):
            try:
                command, shown = self._command(state, variant, seat, line)
                outcome = self.svc.commands.handle(game_id, command, f"s{seat}",
                                                   key=f"s{seat}:mail:{message_id}:{i}")
                answer.played.append((line, shown))
                state = outcome.state if outcome.state is not None else self.svc.repository.load(game_id).state
            except (Unreadable, RuleViolation) as e:
                answer.refused.append((line, str(e) or getattr(e, "code", "refused")))
            except ConcurrencyError:
                answer.refused.append((line, "the game was busy; send it again"))
            except Exception as e:  # a body the rules could not even read: refused, never a crash of the receiver
                # its type only: an exception's words may quote the mail
                log.warning("mail %s: line %s could not be played (%s)", message_id, i + 1, type(e).__name__)
                answer.refused.append((line, "this move could not be read as a move of this game"))
            if answer.refused:
                answer.skipped = lines[i + 1:]
                break
        return self.svc.repository.load(game_id).state

    def _command(self, state, variant, seat: int, line: str):
        """The command a line asks for, and what to call it in the answer."""
        word = line.strip().rstrip(".").lower()
        if word in SEAT_WORDS:
            return SEAT_WORDS[word](seat), word
        if word.isdigit():
            listed = moves(state, seat)
            number = int(word)
            if not 1 <= number <= len(listed):
                raise Unreadable(f"there is no move {number}: "
                                 + (f"the moves are 1 to {len(listed)}" if listed else "it is not your turn"))
            shown, body = listed[number - 1]
            return command_of(variant.commands, seat, body), shown
        body = read_line(variant.commands, line)
        return command_of(variant.commands, seat, body), line

    # --- games@ -------------------------------------------------------------------------------

    def _games(self, message, message_id: str) -> str:
        sender = sender_of(message)
        player_id = self.svc.players.by_email(sender) if sender else None
        player = self.svc.players.get(player_id) if player_id else None
        if player is None:
            return "ignored: not a registered address"
        lines = command_lines(text_of(message)) or ["help"]
        word = lines[0].lower().rstrip(".")
        body = self._inbox(player_id) if word == "games" else help_text()
        if self.svc.mailbox.claim_answer(message_id):
            self._send(message, message_id, player, body, reply_to=None)
        return f"answered {'games' if word == 'games' else 'help'}"

    def _inbox(self, player_id: str) -> list[str]:
        lines = ["Your games:", ""]
        listed = 0
        for game_id in self.svc.players.games(player_id)[:50]:
            seat = self.svc.players.seat_in(game_id, player_id)
            try:
                state = self.svc.repository.load(game_id).state
            except Exception:  # a game indexed for a seat the player did not get
                continue
            if seat is None or state.version == 0:
                continue
            name = self.svc.lobby.name(game_id) or game_id
            turn = "your turn" if state.turn_seat == seat else "waiting"
            until = f", until {state.deadline} (UTC)" if state.turn_seat == seat and state.deadline else ""
            lines.append(f"  {name} ({state.variant}, {state.status}): {turn}{until}  "
                         f"{self.config.public_url}/games/{game_id}")
            listed += 1
        if not listed:
            lines.append("  none going on")
        lines += ["", "Each game's notices come with their own reply address: answer one to play."]
        return lines

    # --- answers -------------------------------------------------------------------------------

    def _answer(self, message, message_id, player, game_id, seat, state, token, answer: Answer, lines):
        if not self.svc.mailbox.claim_answer(message_id):
            return
        name = self.svc.lobby.name(game_id) or game_id
        body = [f"Hello {player['name']},", ""]
        if not lines and not answer.refused:
            body += ["Your mail held no command (they go on its first lines, one a line).", ""]
        if answer.played:
            body += ["Played:"] + [f"  {line}" + (f" = {shown}" if shown != line else "")
                                   for line, shown in answer.played] + [""]
        if answer.refused:
            body += ["Refused:"] + [f"  {line}: {why}" for line, why in answer.refused] + [""]
        if answer.skipped:
            body += ["Not played (after a refusal):"] + [f"  {line}" for line in answer.skipped] + [""]
        body += ["-" * 40, *board(game_id, state, seat, name), "-" * 40]
        reply_to = f"play+{token}@{self.config.mail_domain}"
        sent_id = self._send(message, message_id, player, body, reply_to=reply_to)
        self.svc.mailbox.record_sent(sent_id, game_id, seat, state.version)

    def _send(self, message, message_id: str, player: dict, body: list[str], reply_to: str | None) -> str:
        """Enqueue the answer to `message`; its Message-ID."""
        host = self.config.mail_domain or "iceberg"
        sent_id = make_msgid(domain=host)
        references = " ".join([*answered_ids(message)[:1], message_id])
        subject = header_text(str(message.get("Subject") or "your mail"))[:200]
        headers = {
            "From": self.config.mail_from,
            "To": player["email"],
            "Subject": subject if subject.lower().startswith("re:") else f"Re: {subject}",
            "Date": format_datetime(self.svc.clock()),
            "Message-ID": sent_id,
            "In-Reply-To": message_id,
            "References": references,
            **({"Reply-To": reply_to} if reply_to else {}),
            "Auto-Submitted": "auto-replied",
            "X-Loop": host,
        }
        composed = message_of(headers, "\n".join(body) + "\n")
        if self.svc.jobs is not None:
            self.svc.jobs.mail(composed.as_string(), sent_id)
        return sent_id


def help_text() -> list[str]:
    """The command language, for every variant hosted (from their action bodies)."""
    lines = ["Playing by mail", "", "Reply to a game's notice (or to an answer) from your registered address.",
             "Put your commands on the first lines, one a line; they end at the first blank line,",
             "and quoted lines (>) are never commands. A command is:", "",
             "  the number of a move listed in the mail you answer (as the board stands when it is played),",
             "  a move's line, as listed,", "  resign     (the bot plays your seat from then on)",
             "  extend     (more time for your running turn, if the game allows it)", "",
             "A reply to an older mail is refused if you have moved since it.",
             "Commands after a refused one are not played. Cards are codes: 7H, 10S, QD, AC.", "",
             "The moves of each game:"]
    for name, variant in sorted(registry.VARIANTS.items()):
        lines.append(f"  {name}: " + "; ".join(example(cls) for cls in variant.commands.values()))
    lines += ["", "Write to this address with `games` for your games, or `help` for this."]
    return lines

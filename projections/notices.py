"""What a notice tells a player (docs/api.md, "Players, the lobby and play by mail"):
the public events since their seat last moved, and the same told in words for
an e-mail. Public only: the events as a reader without a token sees them
(projections/redaction.py), so a notice never holds a card its reader could
not read on the public log.
"""

from domain import registry

from .readers import PUBLIC
from .redaction import public_event

MOST = 100  # events a notice tells at most (the latest)


def since_last_move(state, stored, seat: int) -> list[dict]:
    """The public events of `stored` (ascending) after the seat's last own move in it."""
    start = 0
    for i in range(len(stored) - 1, -1, -1):
        event = stored[i]
        if event.data.get("seat") == seat and registry.is_move(event.type):
            start = i + 1
            break
    return [public_event(state, e, PUBLIC) for e in stored[start:]][-MOST:]


def last_move_at(stored, seat: int) -> str | None:
    """When the seat last moved in `stored` (ascending), None if not there."""
    for event in reversed(stored):
        if event.data.get("seat") == seat and registry.is_move(event.type):
            return event.at
    return None


def said(messages: list[dict], seat: int, since: str | None) -> list[dict]:
    """What the others said (chat messages, oldest first) after `since` (an ISO time, None: ever)."""
    return [m for m in messages if m["seat"] != seat and (since is None or m["at"] > since)]


def told_messages(messages: list[dict]) -> list[str]:
    """The chat as an e-mail quotes it: `Name: text` a line (the text holds no line break)."""
    return [f"{m['name'] or 'seat ' + str(m['seat'])}: {m['text']}" for m in messages]


def told(events: list[dict], names: list, me: int | None = None) -> list[str]:
    """Each event in words (those worth telling), as an e-mail lists them."""
    lines = []
    for event in events:
        line = _tell(event["type"], event["data"], names, me)
        if line:
            lines.append(line)
    return lines


def _tell(kind: str, data: dict, names: list, me: int | None) -> str | None:
    def who(seat):
        if seat is None or not 0 <= seat < len(names):
            return "someone"
        return "you" if seat == me else (names[seat] or f"seat {seat}")

    return registry.notice_line(kind, data, who)  # each event type's words are the domain's

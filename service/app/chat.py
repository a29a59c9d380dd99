"""The chat of a game (docs/api.md, "Chat"): what may be said, saying it, and
a message as readers see it. Kept beside the game (store/chat.py), never in
its log or its audit chain.

`say` is the one way in, for the HTTP view and for any other channel a seated
player may speak through. Play by e-mail (a reply line `say ...` answering a
notice) is to call it too once the server reads mail; it does not yet.
"""

import unicodedata

from ..store.chat import MOST

MAX_TEXT = 500  # characters (code points, after NFC), after trimming
#: whitespace that would break a line or a column: one space each
_SPACES = {"\t", "\n", "\v", "\f", "\r", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"}
#: controls, format characters (bidi and zero-width marks among them), line and paragraph separators: dropped
_DROPPED = {"Cc", "Cf", "Zl", "Zp"}


class ChatRefused(ValueError):
    """Nothing to say, or too much."""


class ChatFull(Exception):
    """The game holds as many messages as it keeps."""


def clean_text(text: str) -> str:
    """A message as it is kept: NFC, line breaks and tabs made spaces, every
    other control, format (bidi, zero-width) and separator character dropped
    (a newline would forge a line of a notice e-mail, a bidi control reorder
    what others read), the ends trimmed; ChatRefused unless 1 to 500
    characters are left."""
    kept = []
    for c in unicodedata.normalize("NFC", text):
        if c in _SPACES:
            kept.append(" ")
        elif unicodedata.category(c) not in _DROPPED:
            kept.append(c)
    cleaned = "".join(kept).strip()
    if not cleaned:
        raise ChatRefused("a message has at least one visible character")
    if len(cleaned) > MAX_TEXT:
        raise ChatRefused(f"a message has at most {MAX_TEXT} characters ({len(cleaned)} given)")
    return cleaned


def say(chat, game_id: str, state, seat: int, player: str | None, text: str, at: str, keep=None) -> dict:
    """Say `text` at the table as `seat` (of the game in `state`): the message as shown.
    `keep(game_id)`, once the text is found fit, makes a finished game that was sealed
    or archived whole again first (service/app/archiving.py), so the message outlives
    the copy a read brought back."""
    message = {"seat": seat, "name": state.players[seat].name, "player": player, "text": clean_text(text), "at": at}
    if keep is not None and state.status == "finished":
        keep(game_id)
    number = chat.say(game_id, message)
    if number is None:
        raise ChatFull(f"this game's chat holds its {MOST} messages already")
    return shown(number, message)


def shown(number: int, message: dict, hidden: bool = False) -> dict:
    """A message as the API shows it."""
    return {"id": number, **message, "hidden": hidden}


def visible(chat, game_id: str, after: int, limit: int, admin: bool = False) -> tuple[list[dict], int]:
    """(the messages after number `after`, up to `limit` read, those the admin hid
    left out unless the admin reads; the number of the last one read, or `after`)."""
    found = chat.messages(game_id, after, limit)
    hidden = chat.hidden(game_id) if found else set()
    shown_ = [shown(n, m, n in hidden) for n, m in found if admin or n not in hidden]
    return shown_, found[-1][0] if found else after


NOTICED = 20  # messages a notice carries at most (the latest)


def latest(chat, game_id: str) -> list[dict]:
    """The last messages said in the game that nobody hid, oldest first (what a notice picks from)."""
    messages, _ = visible(chat, game_id, max(0, chat.count(game_id) - NOTICED), NOTICED)
    return messages

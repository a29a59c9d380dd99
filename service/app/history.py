"""The history of games (GET /games): filing a game in it whenever its status
or its seats change (a follow-up of GameCreated, SeatTaken and GameEnded, and
again when its end is settled: service/app/standings.py), and reading a page
of it for a filter.

Filing reads what the summary shows from beside the log (the seats' players,
the game's name, the times of its first and last events), so a game can be
filed again at any time, from its state alone, with the same result.
"""

import base64
import binascii
import re

from projections.history import summary

from ..store import keys
from ..store.codec import at_ms, iso_ms
from ..store.history import game_of
from ..store.recorder import fields

ENTRY = re.compile(r"\d{13}:g_[0-9a-f]{16}")
SCAN = 50  # index entries read at a time when a filter must look at each game


class BadCursor(ValueError):
    pass


def encode_cursor(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_cursor(cursor: str, pattern: re.Pattern) -> str:
    """The position an opaque cursor stands for; BadCursor if it is not one of ours."""
    try:
        text = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise BadCursor("not a cursor this server gave") from None
    if not pattern.fullmatch(text):
        raise BadCursor("not a cursor this server gave")
    return text


class Filing:
    """Files games in the history (store/history.py) from their states."""

    def __init__(self, history, recorder, players, lobby):
        self.history, self.recorder, self.players, self.lobby = history, recorder, players, lobby

    def file(self, game_id: str, state) -> bool:
        """Show the game as `state` has it; False if a newer state is shown already."""
        seated = self.players.seated(game_id)
        first = self.recorder.entries(game_id, 1, 1)
        if not first:
            return False
        created = at_ms(fields(first[0][1])[0])
        ended, reason = None, None
        if state.status == "finished":  # its last event is its GameEnded
            last = self.recorder.read_span(game_id, state.version, state.version)[0]
            ended, reason = last.at, last.data.get("reason")
        shown = summary(game_id, state, self.lobby.name(game_id), seated, iso_ms(created), ended, reason)
        return self.history.file(game_id, state.version, shown, created, sorted(set(seated.values())))


def index_of(status: str | None, variant: str | None, player: str | None) -> str:
    """The index a filter reads: the player's when one is named (the variant then checked game by game)."""
    if player:
        return keys.player_history(player, status)
    if variant:
        return keys.history(f"variant:{variant}" + (f":{status}" if status else ""))
    return keys.history(f"status:{status}" if status else "all")


def page(history, status: str | None, variant: str | None, player: str | None, after: str | None,
         limit: int) -> tuple[list[dict], str | None]:
    """(up to `limit` games, newest first, after the entry `after`; the entry
    the next page starts after, None on the last page)."""
    index = index_of(status, variant, player)
    checks_variant = bool(player and variant)
    found: list[tuple[str, dict]] = []
    cursor = after
    while len(found) <= limit:
        wanted = limit + 1 - len(found)
        entries = history.entries(index, cursor, max(wanted, SCAN) if checks_variant else wanted)
        if not entries:
            break
        for entry, shown in zip(entries, history.summaries([game_of(e) for e in entries])):
            cursor = entry
            if shown is None:
                continue  # filed in an index, not shown yet: being created
            if status and shown["status"] != status:
                history.prune(index, entry)
                continue
            if checks_variant and shown["variant"] != variant:
                continue
            found.append((entry, shown))
            if len(found) > limit:
                break
    games = [shown for _, shown in found[:limit]]
    return games, found[limit - 1][0] if len(found) > limit else None


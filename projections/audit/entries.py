"""The canonical form of a log entry (docs/audit.md, "The chain"): the exact
bytes the server stored and chained, rebuilt from what the API shows of an
event, and the hash chain over them.

An entry is compact JSON (no spaces, UTF-8, objects with their keys in the
order the API shows them):

    [code, schema version, time in ms since the epoch, actor, hand, [values]]

`code`, the schema version and the order of the values are the event type's
stored form (`forms()`, also in every export); a list of cards a form marks
`joined` (a deck) is one comma-joined string; `hand` is the `hand` of the last
HandStarted at or before the event (null before the first). Its link is

    hash = SHA-256(prev || entry),   prev = the previous event's hash (32 zero bytes first)

An entry written at an older schema version does not come back from today's
data: the API then shows it as `entry`, verbatim.
"""

import hashlib
from bisect import bisect_right
from datetime import datetime, timedelta, timezone
from functools import lru_cache

from domain import registry
from domain.entries import BY_CODE, entry_bytes, header, parts

GENESIS = "0" * 64
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def forms(variant) -> dict:
    """Every event type of the variant: its code, schema version, values in order, joined lists."""
    return {form.name: {"code": form.code, "version": form.version, "fields": list(form.fields),
                        "joined": list(form.joined)} for form in variant.stored}


@lru_cache(maxsize=None)
def _forms_named(name: str) -> dict:
    return {form.name: form for form in registry.named(name).stored}


def _forms_of(variant) -> dict:
    return _forms_named(variant.name)


def at_ms(at: str) -> int:
    """An event's ISO 8601 time (to the millisecond) as ms since the epoch."""
    return (datetime.fromisoformat(at.replace("Z", "+00:00")) - _EPOCH) // timedelta(milliseconds=1)


def iso_ms(ms: int) -> str:
    return (_EPOCH + timedelta(milliseconds=ms)).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def entry(variant, kind: str, at: str, actor: str, hand: int | None, data: dict) -> bytes:
    """The canonical entry of an event of a game of `variant`, as the API shows it in full."""
    return entry_bytes(_forms_of(variant)[kind], data, at_ms(at), actor, hand)


def read_entry(e: bytes) -> tuple[str, str, str, int | None, dict]:
    """(type, ISO time, actor, hand, data at today's schema version) of a stored entry."""
    form, ms, actor, hand, data = parts(e)
    return form.name, iso_ms(ms), actor, hand, data


def stored_fields(e: bytes) -> tuple[str, ...]:
    """The fields an entry holds at the schema version it was written at (an
    older version's others are filled by its upcasters: guesses, at times)."""
    code, version, _ = header(e)
    return BY_CODE[code].fields_at(version)


def link(prev: str, e: bytes) -> str:
    """The hash of an entry whose predecessor's hash is `prev` (hex)."""
    return hashlib.sha256(bytes.fromhex(prev) + e).hexdigest()


def hands_by_version(kinds_and_data) -> list:
    """The `hand` of each event of a log read from its start: [(type, data), ...] -> [hand, ...]."""
    hand, found = None, []
    for kind, data in kinds_and_data:
        if kind == "HandStarted":
            hand = data["hand"]
        found.append(hand)
    return found


def hands_of(spans):
    """`hand(version)`: the `hand` of the event at that version, from a state's hand spans (first, last)."""
    firsts = [first for first, _ in spans]

    def hand(version: int) -> int | None:
        found = bisect_right(firsts, version)
        return found - 1 if found else None
    return hand


def public_until(state) -> int:
    """The last version whose hash may be shown: everything before the hand
    being played (a hash over its hidden cards would let a reader find them)."""
    spans = state.hand_spans
    if spans and spans[-1][1] == 0:
        return spans[-1][0] - 1
    return state.version


def chained(variant, event: dict, actor: str, hand: int | None, e: bytes, prev: bytes) -> dict:
    """An event as the API shows it (data in full), with its place in the chain."""
    shown = {**event, "actor": actor, "prev": prev.hex(), "hash": hashlib.sha256(prev + e).hexdigest()}
    if entry(variant, event["type"], event["at"], actor, hand, event["data"]) != e:
        shown["entry"] = e.decode("utf-8")
    return shown

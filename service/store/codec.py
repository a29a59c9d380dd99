"""How an event is stored: compact, because every byte is paid once per event,
and versioned, because a log outlives the code that wrote it.

A stream entry has two fields:
  e  the event as a compact JSON array (domain/entries.py, the one mapper
     between events and entries, kept for the store and for auditors alike)
       [type code, schema version, time (epoch ms), actor, hand, [field values]]
  p  the SHA-256 (32 raw bytes) of the previous entry, p || e; 32 zero bytes for
     the first. Changing, dropping or reordering an entry breaks the chain.

Reading upcasts every entry to its type's current version, so the domain only
ever sees today's events. Type codes are unique across variants and part of
the storage format: never reuse or change one.
"""

import hashlib
import json
from datetime import datetime, timezone

from domain.entries import compact, encode, event_of, parts  # noqa: F401 (the mapper: the store's writers use them)

GENESIS = bytes(32)


def canonical(value) -> str:
    """JSON without spaces, keys sorted: the same document always the same bytes
    (replays, signed notices, side records)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_parts = parts


def decode(e: bytes) -> tuple[str, str, str, int | None, dict]:
    """(type, ISO time, actor, hand, data) of a stored entry."""
    form, at_ms, actor, hand, data = _parts(e)
    return form.name, iso_ms(at_ms), actor, hand, data


def at_ms(e: bytes) -> int:
    """When a stored entry was appended (ms since the epoch)."""
    return _parts(e)[1]


def decode_event(e: bytes):
    """Just the domain event of a stored entry (folding needs no time or actor)."""
    return event_of(e)


def chain(prev: bytes, e: bytes) -> bytes:
    """This entry's hash: the link the next entry records."""
    return hashlib.sha256(prev + e).digest()


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def iso_ms(ms: int) -> str:
    moment = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")

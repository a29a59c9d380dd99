"""The audit's records (docs/audit.md): the hash chain on the events of ended
hands, the server's signed checkpoints, and a game's export.

The chain is over the log's exact stored bytes, which the recorder gives
(service/store/recorder.py); each game's signed checkpoints are kept in
`{g}:checkpoints` (hand or "end" -> the signed statement, written once), and
its latest export in `{g}:export` (its horizon, the JSON and the text; a day).

An export holds the events whose hash may be shown: up to the hand being
played (`public_until`). So it changes when a hand ends, or the game does,
never with a move inside a hand: it is built once per such horizon, by one
request of each process at a time (the others wait for that build and take
its result), its CPU-bound part run by `offload` (the HTTP edge passes one that
keeps a gevent worker's loop serving, service/http/audit.py), and kept as the
bytes served: a request for a kept export costs two Redis reads."""

import json
import zlib

from domain import registry
from projections.audit.entries import chained, hands_of, public_until
from projections.audit.export import export
from projections.audit.statements import checkpoint_message
from projections.audit.text import render
from projections.readers import Reader
from projections.redaction import public_event

from ..store import keys
from ..store.codec import canonical
from ..store.recorder import fields, stored_event, version_of
from .signing import Signer, described

EXPORT_KEPT_S = 86400  # an export is kept a day after it was last built: a cache, not a record


class NothingToExport(LookupError):
    """The game has no event whose hash may be shown yet (no hand has ended)."""


def chain_page(services, game_id: str, state, after: int, limit: int | None, reader: Reader) -> list[dict]:
    """The events after `after` (GET /events, /stream), redacted for `reader`;
    those whose hash may be shown (public_until) with their place in the chain."""
    rows = services.recorder.entries(game_id, after + 1, count=limit)
    horizon, hand, variant = public_until(state), hands_of(state.hand_spans), registry.of(state)
    found = []
    for entry_id, entry in rows:
        version = version_of(entry_id)
        if version > state.version:
            break
        e, p = fields(entry)
        stored = stored_event(version, e)
        event = public_event(state, stored, reader)
        if version <= horizon:
            event = chained(variant, event, stored.actor, hand(version), e, p)
        found.append(event)
    return found


class Audit:
    """One per app (and per CLI or worker that needs it): the signing key is read once."""

    def __init__(self, services):
        self.services = services
        self.redis = services.recorder.redis
        self._signer = None

    @property
    def signer(self) -> Signer:
        if self._signer is None:
            signer = Signer(self.services.config.data_dir)
            self.redis.hset(keys.SIGNING_KEYS, signer.kid, signer.public)  # published while anything it signed is
            self._signer = signer
        return self._signer

    def keys(self) -> list[dict]:
        """Every key the server has signed with (a key rotated out still checks what it signed), this one first."""
        current = self.signer
        known = {k.decode(): v.decode() for k, v in self.redis.hgetall(keys.SIGNING_KEYS).items()}
        return [current.described()] + [described(p) for kid, p in sorted(known.items()) if kid != current.kid]

    # --- checkpoints and the export ----------------------------------------------------------

    def records(self, game_id: str, state) -> list[dict]:
        """Every event whose hash may be shown, in full, with its chain."""
        horizon = public_until(state)
        if horizon < 1:
            return []
        records, hand, variant = [], hands_of(state.hand_spans), registry.of(state)
        for entry_id, entry in self.services.recorder.entries(game_id, 1, horizon):
            version = version_of(entry_id)
            e, p = fields(entry)
            stored = stored_event(version, e)
            event = {"version": version, "type": stored.type, "at": stored.at, "data": stored.data}
            records.append(chained(variant, event, stored.actor, hand(version), e, p))
        return records

    def checkpoints(self, game_id: str, state, records: list[dict]) -> list[dict]:
        """The signed chain head at each ended hand's end (and at the game's end),
        signing those not signed yet: a statement, once made, is kept as it is."""
        hashes = {r["version"]: r["hash"] for r in records}
        due = [(str(n), n, last) for n, (_, last) in enumerate(state.hand_spans) if last and last in hashes]
        if state.status == "finished" and state.version in hashes:
            due.append(("end", None, state.version))
        key = keys.checkpoints(game_id)
        kept = {k.decode(): json.loads(v) for k, v in self.redis.hgetall(key).items()}
        for field, hand, version in due:
            if field not in kept:
                signer = self.signer
                statement = {"hand": hand, "version": version, "hash": hashes[version], "kid": signer.kid,
                             "signature": signer.sign(checkpoint_message(game_id, hand, version, hashes[version]))}
                if not self.redis.hsetnx(key, field, canonical(statement)):  # another process signed it first
                    statement = json.loads(self.redis.hget(key, field))
                kept[field] = statement
        return [kept[field] for field, _, _ in due]

    def export(self, game_id: str, form: str = "json", offload=None) -> tuple[str, int]:
        """The export as served (`form`: "json" or "txt") and its horizon (the
        last version it holds): kept, or built now (`offload(fn, *args)` runs
        the CPU-bound part; None: here)."""
        state = self.services.repository.load(game_id).state
        horizon = public_until(state)
        key = keys.export(game_id)
        kept = self.redis.hmget(key, "horizon", "status", "json", "txt")
        fresh = kept[0] is not None and int(kept[0]) == horizon and kept[1].decode() == state.status
        if fresh and (form == "json" or kept[3] is not None):
            return _unpacked(kept[2 if form == "json" else 3]), horizon
        shared = ("export", game_id, horizon, state.status, form)
        if form == "json":
            return self.services.pages.shared(shared, lambda: self._build(game_id, state, offload),
                                              keep=lambda _: False), horizon
        document = _unpacked(kept[2]) if fresh else self.export(game_id, "json", offload)[0]
        return self.services.pages.shared(shared, lambda: self._told(key, document, offload),
                                          keep=lambda _: False), horizon

    def _build(self, game_id: str, state, offload) -> str:
        records = self.records(game_id, state)
        if not records:
            raise NothingToExport(game_id)
        points = self.checkpoints(game_id, state, records)
        built = (offload or _here)(_rendered, game_id, state, records, points, self.keys())
        key = keys.export(game_id)
        pipe = self.redis.pipeline(transaction=True)
        pipe.delete(key)  # the text of an older horizon with it
        pipe.hset(key, mapping={"horizon": public_until(state), "status": state.status, "json": _packed(built)})
        pipe.expire(key, EXPORT_KEPT_S)
        pipe.execute()
        return built

    def _told(self, key: str, document: str, offload) -> str:
        """The export as text (docs/audit.md), told from its JSON and kept beside it."""
        text = (offload or _here)(_text, document)
        self.redis.hset(key, "txt", _packed(text))
        return text


def _packed(text: str) -> bytes:
    """A kept export is zlib-compressed (fast level: it is made on a request)."""
    return zlib.compress(text.encode(), 1)


def _unpacked(found: bytes) -> str:
    """A kept export, compressed or (kept by an older server) plain JSON or text."""
    return zlib.decompress(found).decode() if found.startswith(b"\x78") else found.decode()


def _rendered(game_id: str, state, records, points, signing_keys) -> str:
    """The export's JSON: what costs CPU (finding the actions plays the game
    through the rules), and touches nothing but its arguments."""
    return json.dumps(export(game_id, state, records, points, signing_keys), ensure_ascii=False)


def _text(document: str) -> str:
    return render(json.loads(document))


def _here(fn, *args):
    return fn(*args)

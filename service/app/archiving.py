"""Finished games leave Redis for the archive (docs/operations.md, "The archive").

When a finished game's end is settled (service/app/standings.py) it is indexed
in `iceberg:finished` by the time it ended; ICEBERG_ARCHIVE_AFTER_DAYS (7)
later a game worker's ticker archives it: every key of the game that is a
fact or needed to serve it (its log, meta, snapshot, tokens, webhooks, name
and invite, summary, signed checkpoints, chat) and its deals' secret are
written as one gzip-compressed JSON document to the archive (store/archive.py),
and only then leave Redis; what is a cache (replays, the export, idempotency
answers, delivery attempts, reminder marks) is dropped. Redis keeps one hash
entry, `iceberg:archived`.

Before that, ICEBERG_SEAL_AFTER_S (a minute) after it ended, a finished game
is **sealed** in Redis (`seal`, by the same ticker): the same document,
without its summary and name (which the history and the lobby read), kept
gzip-compressed in one key, `{g}:sealed`, in place of its log and the rest:
a finished game costs a third of what it did while played. The swap is one
script that first checks that no key changed since it was read (a chat
message said meanwhile: the game is sealed on the next tick instead).
Archiving then moves that document to the archive.

Reading a sealed or archived game is transparent: whatever asks for it (a
request for any of its URLs, a listing, a rebuild) brings it back
(`bring_back`): its keys are written again, each expiring RESTORED_S later,
and everything reads it as before. The document is the truth from then on;
the copy is a cache. A write to such a game (a chat message, a message
hidden) first makes the game whole again for good (`keep`): its keys kept
without expiry, its document dropped, and it is sealed and archived again
counting from then.

The document (format "iceberg-archive", version 1):
  {"format": "iceberg-archive", "version": 1, "game": "<id>", "archived": <ms>,
   "keys": {"<suffix>": {"type": "stream"|"hash"|"string"|"list"|"zset", "value": ...}},
   "deals": {"<commitment>": <value>} }
with each key named by what follows `{<game id>}:` (`events`, `meta`, `chat:hidden`);
the log's entries keep their event (`e`) only: each entry's `p`, the hash of
the one before (store/codec.py `chain`), is computed again when it is brought back;
values as text ({"s": ...}) or, when not UTF-8, as hex ({"x": ...}); a stream
as [[entry id, {field: value}]], a hash as {field: value}, a list as [value],
a zset as [[member, score]].
"""

import gzip
import json
import logging

from ..store import keys
from ..store.codec import GENESIS, chain

log = logging.getLogger("iceberg.archive")

FORMAT, VERSION = "iceberg-archive", 1
SEAL_AFTER_S = 60  # a finished game is sealed this long after it ended (ICEBERG_SEAL_AFTER_S)
RESTORED_S = 600  # a sealed or archived game brought back for a read stays in Redis this long after
LEASE_MS = 600_000  # a claimed game whose archiving died is tried again after this
UNSEALED = ("summary", "info", "sealed")  # left as they are when a game is sealed: the history and the lobby read them
CACHES = ("replay:", "export", "idem:", "deliveries:", "reminded:")  # dropped: the log rebuilds them, or they expire


def _value(b: bytes) -> dict:
    try:
        return {"s": b.decode("utf-8")}
    except UnicodeDecodeError:
        return {"x": b.hex()}


def _size(saved: dict) -> str:
    """What the swap script counts of a key as read: entries, fields, items or bytes."""
    value = saved["value"]
    return str(len(_bytes(value)) if saved["type"] == "string" else len(value))


def _bytes(value: dict) -> bytes:
    return value["s"].encode("utf-8") if "s" in value else bytes.fromhex(value["x"])


class Archiver:
    # the swap of a game's keys for its sealed document, if every key is as it was read (KEYS[1]: the
    # sealed key; KEYS[2..n+1]: the keys read, ARGV[2..n+1] their sizes; KEYS[n+2..]: the rest to drop)
    _SWAP = """
local n = tonumber(ARGV[2])
for i = 1, n do
  local key, size = KEYS[i + 1], ARGV[i + 2]
  local kind = redis.call('TYPE', key).ok
  local found = -1
  if kind == 'stream' then found = redis.call('XLEN', key)
  elseif kind == 'hash' then found = redis.call('HLEN', key)
  elseif kind == 'list' then found = redis.call('LLEN', key)
  elseif kind == 'zset' then found = redis.call('ZCARD', key)
  elseif kind == 'string' then found = redis.call('STRLEN', key) end
  if tostring(found) ~= size then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1])
for i = 2, #KEYS do redis.call('UNLINK', KEYS[i]) end
return 1
"""

    def __init__(self, redis, archive, index, repository, due, clock, after_days: float,
                 seal_after_s: float = SEAL_AFTER_S):
        self.redis, self.archive, self.index = redis, archive, index
        self.repository, self.due, self.clock, self.after_days = repository, due, clock, after_days
        self.seal_after_s = seal_after_s
        self._swap = redis.register_script(self._SWAP)

    # --- archiving ---------------------------------------------------------------------------

    def seal_due(self, now_ms: int, limit: int = 200) -> int:
        """Seal the games that ended `seal_after_s` before `now_ms`: how many."""
        claimed = self.index.claim(now_ms - int(self.seal_after_s * 1000), now_ms + LEASE_MS, limit, keys.SEALING)
        for game_id in claimed:
            try:
                if self.seal(game_id, now_ms):
                    self.index.sealed(game_id)
                else:  # written to while it was read: on the next tick
                    self.index.seal_later(game_id, now_ms - int(self.seal_after_s * 1000))
            except Exception:  # noqa: BLE001 - one game's trouble stops no other; its lease brings it back
                log.exception("could not seal %s; trying again in %s s", game_id, LEASE_MS // 1000)
        return len(claimed)

    def archive_due(self, now_ms: int, limit: int = 50) -> int:
        """Archive the games that ended `after_days` before `now_ms`: how many."""
        claimed = self.index.claim(now_ms - int(self.after_days * 86_400_000), now_ms + LEASE_MS, limit)
        done = 0
        for game_id in claimed:
            try:
                done += self.archive_game(game_id, now_ms)
            except Exception:  # noqa: BLE001 - one game's trouble stops no other; its lease brings it back
                log.exception("could not archive %s; trying again in %s s", game_id, LEASE_MS // 1000)
        return done

    def seal(self, game_id: str, now_ms: int) -> bool:
        """A finished game whose end is settled: its keys but the summary and name,
        as one compressed document in `{g}:sealed`; the caches dropped. False if a
        key changed while they were read (nothing is dropped then)."""
        names = list(self.redis.scan_iter(match=keys.GAME_PATTERN % game_id, count=1000))
        prefix = len(keys.tag(game_id)) + 1
        suffixes = {name: name.decode()[prefix:] for name in names}
        if "events" not in suffixes.values():
            return True  # sealed already (or archived)
        kept = [n for n in names if not suffixes[n].startswith(CACHES) and suffixes[n] not in UNSEALED]
        saved = {n: self._read(n, suffixes[n]) for n in kept}
        document = {"format": FORMAT, "version": VERSION, "game": game_id, "sealed": now_ms,
                    "keys": {suffixes[n]: value for n, value in saved.items()}}
        dropped = [n for n in names if n not in saved and suffixes[n] not in UNSEALED]
        packed = gzip.compress(json.dumps(document, separators=(",", ":")).encode(), 6)
        return bool(self._swap(keys=[keys.sealed(game_id), *kept, *dropped],
                               args=[packed, len(kept), *(_size(saved[n]) for n in kept)]))

    def keep(self, game_id: str, now_ms: int) -> None:
        """Before a write to a finished game: if it is sealed or archived, its keys
        written back for good and its document dropped, so that what is written
        now is neither left out of the document nor expires with a read's copy.
        The game is sealed and archived again counting from `now_ms`."""
        sealed, archived = self.redis.exists(keys.sealed(game_id)), self.index.is_archived(game_id)
        if not (sealed or archived):
            return
        document = self._document_of(game_id)
        self.bring_back(game_id)
        pipe = self.redis.pipeline(transaction=False)
        for name in self.redis.scan_iter(match=keys.GAME_PATTERN % game_id, count=1000):
            if not name.decode().endswith(":sealed"):
                pipe.persist(name)
        for commitment in (document or {}).get("deals", {}):
            pipe.persist(keys.deal_secret(commitment))
        pipe.execute()
        self.index.finished(game_id, now_ms, again=True)  # indexed (and unarchived) before the document goes
        self.redis.unlink(keys.sealed(game_id))
        if archived:
            self.archive.delete(game_id)

    def archive_game(self, game_id: str, now_ms: int) -> bool:
        """Move one finished, settled game to the archive: whether it was moved."""
        state = self.repository.load(game_id).state  # a sealed game's keys brought back for this
        if state.status != "finished" or self.due.when(game_id) is not None:
            return False  # not finished, or its end not settled yet: it is indexed again when it is
        names = [k for k in self.redis.scan_iter(match=keys.GAME_PATTERN % game_id, count=1000)]
        prefix = len(keys.tag(game_id)) + 1
        kept = [k for k in names if not k.decode()[prefix:].startswith(CACHES) and k.decode()[prefix:] != "sealed"]
        document = {"format": FORMAT, "version": VERSION, "game": game_id, "archived": now_ms,
                    "keys": {k.decode()[prefix:]: self._read(k, k.decode()[prefix:]) for k in kept}, "deals": {}}
        commitment = state.deals.commitment if getattr(state, "deals", None) else None
        if commitment:
            secret = self.redis.get(keys.deal_secret(commitment))
            if secret is not None:
                document["deals"][commitment] = _value(secret)
        self.archive.put(game_id, gzip.compress(json.dumps(document, separators=(",", ":")).encode(), 6))
        pipe = self.redis.pipeline(transaction=False)
        for name in names:  # one by one: no multi-key command, so a cluster takes them too
            pipe.unlink(name)
        pipe.execute()
        if commitment:
            self.redis.unlink(keys.deal_secret(commitment))
        self.index.archived(game_id, now_ms)
        self.repository.cache.drop(game_id)
        return True

    def _read(self, key: bytes, suffix: str) -> dict:
        kind = self.redis.type(key).decode()
        if kind == "stream":
            value = [[i.decode(), {f.decode(): _value(v) for f, v in fields.items()
                                   if not (suffix == "events" and f == b"p")}]  # the chain is computed again
                     for i, fields in self.redis.xrange(key)]
        elif kind == "hash":
            value = {f.decode(): _value(v) for f, v in self.redis.hgetall(key).items()}
        elif kind == "string":
            value = _value(self.redis.get(key))
        elif kind == "list":
            value = [_value(v) for v in self.redis.lrange(key, 0, -1)]
        elif kind == "zset":
            value = [[m.decode(), s] for m, s in self.redis.zrange(key, 0, -1, withscores=True)]
        else:
            raise ValueError(f"{key!r} is a {kind}: the archive does not keep those")
        return {"type": kind, "value": value}

    def adopt_finished(self, history) -> int:
        """Index for archiving the finished games of a data set older than the archive
        (their ends were settled before `iceberg:finished` existed): how many."""
        adopted = 0
        for entry in history.redis.zrange(keys.history("status:finished"), 0, -1):
            game_id = entry.decode().rsplit(":", 1)[1]
            if self.redis.exists(keys.meta(game_id)) and self.due.when(game_id) is None:
                self.index.finished(game_id, self.repository.recorder.last_at(game_id))
                adopted += 1
        return adopted

    # --- reading -----------------------------------------------------------------------------

    def document(self, game_id: str) -> dict | None:
        found = self.archive.get(game_id)
        return json.loads(gzip.decompress(found)) if found is not None else None

    def _document_of(self, game_id: str) -> dict | None:
        """The game's sealed document, else its archived one, else None."""
        sealed = self.redis.get(keys.sealed(game_id))
        if sealed is not None:
            return json.loads(gzip.decompress(sealed))
        return self.document(game_id) if self.index.is_archived(game_id) else None

    def summary(self, game_id: str) -> dict | None:
        """An archived game's summary as the history shows it (from its document), or None."""
        if not self.index.is_archived(game_id):
            return None
        document = self.document(game_id)
        saved = document and document["keys"].get("summary")
        return json.loads(_bytes(saved["value"]["json"])) if saved else None

    def bring_back(self, game_id: str) -> bool:
        """Make an archived game readable in Redis again for RESTORED_S: whether the
        game is there now. One read when it is there or was never archived."""
        if self.redis.exists(keys.events(game_id)):
            return False
        document = self._document_of(game_id)
        if document is None:
            if self.index.is_archived(game_id):
                log.error("%s is indexed as archived but its document is missing from the archive", game_id)
            return False
        until_ms = int(self.clock().timestamp() * 1000) + RESTORED_S * 1000
        names = {suffix: keys.of_game(game_id, suffix) for suffix in document["keys"]}
        pipe = self.redis.pipeline(transaction=False)
        for name in names.values():
            pipe.exists(name)
        present = {suffix for suffix, there in zip(names, pipe.execute()) if there and suffix != "events"}
        pipe = self.redis.pipeline(transaction=False)
        for suffix, saved in document["keys"].items():
            if suffix not in present:  # a sealed game's summary and name stay as they are, for good
                self._write(pipe, names[suffix], saved, until_ms)
        for commitment, value in document.get("deals", {}).items():
            pipe.set(keys.deal_secret(commitment), _bytes(value), pxat=until_ms)
        pipe.execute()
        return True

    @staticmethod
    def _write(pipe, key: str, saved: dict, until_ms: int) -> None:
        kind, value = saved["type"], saved["value"]
        pipe.delete(key)
        if kind == "stream":
            prev = GENESIS
            for entry_id, fields in value:
                stored = {f: _bytes(v) for f, v in fields.items()}
                if key.endswith(":events") and "p" not in stored:  # the chain, computed again
                    stored["p"], prev = prev, chain(prev, stored["e"])
                pipe.xadd(key, stored, id=entry_id)
        elif kind == "hash" and value:
            pipe.hset(key, mapping={f: _bytes(v) for f, v in value.items()})
        elif kind == "string":
            pipe.set(key, _bytes(value))
        elif kind == "list" and value:
            pipe.rpush(key, *[_bytes(v) for v in value])
        elif kind == "zset" and value:
            pipe.zadd(key, {m: s for m, s in value})
        pipe.pexpireat(key, until_ms)

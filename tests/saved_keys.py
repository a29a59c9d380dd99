"""Redis keys saved in a fixture (tests/fixtures/variant_logs.json), put back
into a real Redis exactly as the server that wrote them left them."""

import json
from pathlib import Path

VARIANT_LOGS = Path(__file__).parent / "fixtures" / "variant_logs.json"


def variant_logs() -> dict:
    return json.loads(VARIANT_LOGS.read_text())


def _bytes(value: dict) -> bytes:
    return value["s"].encode("utf-8") if "s" in value else bytes.fromhex(value["x"])


def restore(redis, saved: dict) -> None:
    """Every saved key, replacing any key of that name (expiring ones with a fresh day)."""
    for key, dumped in saved.items():
        redis.delete(key)
        kind, value = dumped["type"], dumped["value"]
        if kind == "stream":
            for entry_id, fields in value:
                redis.xadd(key, {f: _bytes(v) for f, v in fields.items()}, id=entry_id)
        elif kind == "hash":
            redis.hset(key, mapping={f: _bytes(v) for f, v in value.items()})
        elif kind == "string":
            redis.set(key, _bytes(value))
        elif kind == "zset":
            redis.zadd(key, {member: score for member, score in value})
        elif kind == "list":
            redis.rpush(key, *[_bytes(v) for v in value])
        elif kind == "set":
            redis.sadd(key, *value)
        if dumped["ttl_ms"]:
            redis.expire(key, 86400)

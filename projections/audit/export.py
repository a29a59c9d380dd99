"""A game as one JSON document anyone can check offline (docs/audit.md,
"The export"): its header (variant, rules, seats, the deals' commitment and
contributions), per hand the deck, the actions and the results, the events
with their chain, the signed checkpoints and the keys that signed them.

Built from the events whose hashes may be shown (entries.public_until): the
whole log of a finished game, the ended hands of one being played."""

from domain import registry

from .entries import forms
from .replaying import deal_origin, derive
from .verify import FORMAT, FORMAT_VERSION


def export(game_id: str, state, records: list[dict], checkpoints: list[dict], keys: list[dict]) -> dict:
    """`records`: the events from version 1 as /events shows them in full, with
    `actor`, `prev` and `hash` (and `entry` where needed); `state`: the game now."""
    variant = registry.of(state)
    complete = state.status == "finished" and records[-1]["version"] == state.version
    actions, stuck = derive(records, partial=not complete)
    spans = _spans(records)
    hands = [_hand(n, first, last, records, actions, checkpoints) for n, (first, last) in sorted(spans.items())]
    within = {id(a) for h in hands for a in h["actions"]}
    ended = next((r for r in records if r["type"] == "GameEnded"), None)
    document = {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "game": game_id, "variant": variant.name, "status": state.status, "complete": complete,
        "version": records[-1]["version"],
        "header": _header(records),
        "hands": hands,
        "actions": [a for a in actions if id(a) not in within],
        "ending": {"version": ended["version"], **ended["data"]} if ended else None,
        "events": records,
        "checkpoints": checkpoints,
        "keys": keys,
        "forms": forms(variant),
    }
    if stuck is not None:
        document["unexplained"] = {"version": records[stuck]["version"], "type": records[stuck]["type"]}
    return document


def _spans(records) -> dict[int, tuple[int, int]]:
    """Each ended hand's (first, last) version."""
    first, spans = {}, {}
    for r in records:
        if r["type"] == "HandStarted":
            first[r["data"]["hand"]] = r["version"]
        elif r["type"] == "HandEnded" and r["data"]["hand"] in first:
            spans[r["data"]["hand"]] = (first[r["data"]["hand"]], r["version"])
    return spans


def _header(records) -> dict:
    created = records[0]["data"]
    committed = next((r for r in records if r["type"] == "DealsCommitted"), None)
    deals = {"protocol": None}
    if committed is not None:
        deals = {"protocol": "commit-reveal/1", **committed["data"], "version": committed["version"],
                 "contributions": [{**r["data"], "version": r["version"]} for r in records
                                   if r["type"] == "SeedContributed"]}
    return {"variant": created.get("variant", registry.DEFAULT), "rules": created["rules"],
            "seats": [{"seat": i, "name": p["name"], "bot": p["bot"]} for i, p in enumerate(created["players"])],
            "created": {"version": 1, "at": records[0]["at"]}, "deals": deals}


def _hand(n: int, first: int, last: int, records, actions, checkpoints) -> dict:
    started, ended = records[first - 1]["data"], records[last - 1]["data"]
    committed = next((r["data"] for r in records if r["type"] == "DealsCommitted"), None)
    checkpoint = next((c for c in checkpoints if c.get("hand") == n), None)
    return {
        "hand": n, "versions": {"first": first, "last": last},
        "deal": deal_origin(committed, n),
        "deck": ended["deck"], "salt": ended["salt"], "deck_commitment": started["deck_commitment"],
        "actions": [a for a in actions if first <= a["version"] <= last],
        "reason": ended["reason"], "results": ended["results"],
        "checkpoint": checkpoint,
    }

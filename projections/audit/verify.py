"""The checks of an export (docs/audit.md, "Verifying"), in the order
`iceberg verify` runs them; the first that fails raises `Discrepancy`, saying
where. Nothing the server wrote is taken on trust: every copy in the document
(header, hands, results) is checked against the chained events, the chain
against its hashes, the deals against the commitment, and every event against
what the rules make of the actions.

Signatures need Ed25519, which is not in the standard library: the caller
passes `check_signature(public_key_hex, message, signature_hex) -> bool`.
"""

import hashlib
from datetime import datetime

from domain import registry
from domain.kernel.deals import commitment, pack_of
from domain.kernel.errors import RuleViolation
from domain.kernel.eventdata import event_type, to_data
from domain.kernel.shuffle import mix, protocol_deal, reaches

from .entries import GENESIS, entry, hands_by_version, link, read_entry
from .replaying import (
    TOLERANCE,
    LogDealer,
    attempt,
    command_for,
    creation,
    deal_origin,
    hand_deals,
    matches,
    plain,
)
from .statements import checkpoint_message

FORMAT, FORMAT_VERSION = "iceberg-export", 1


class Discrepancy(Exception):
    def __init__(self, where: str, what: str):
        super().__init__(f"{where}: {what}")
        self.where, self.what = where, what


def verify(doc: dict, check_signature=None, trusted: dict | None = None) -> list[str]:
    """What was checked, line by line; Discrepancy at the first thing that does
    not hold. `trusted`: {key id: its hex public key, or None} a signature must
    be made with (None: the export's own keys, which prove only that the
    document is consistent with itself)."""
    lines, step = [], "document"
    try:
        variant = _format(doc, lines)
        step = "chain"
        records = _chain(doc, variant, lines)
        step = "checkpoints"
        _checkpoints(doc, records, lines, check_signature, trusted)
        step = "header"
        _header(doc, records, variant, lines)
        step = "hands"
        _hands(doc, records, variant, lines)
        step = "actions"
        state = _replay(doc, records, variant, lines)
        step = "ending"
        _scores(doc, records, state, lines)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise Discrepancy(step, f"not shaped as an export says: {e!r}") from None  # a document made to crash us
    return lines


def _short(value: str) -> str:
    return value[:12] + "…"


# --- the document and the chain ---------------------------------------------------------------

def _format(doc: dict, lines: list):
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("format_version") != FORMAT_VERSION:
        raise Discrepancy("document", f"not an {FORMAT} document of version {FORMAT_VERSION}")
    try:
        variant = registry.named(doc.get("variant"))
    except RuleViolation:
        raise Discrepancy("document", f"unknown variant {doc.get('variant')!r}") from None
    events = doc.get("events")
    if not isinstance(events, list) or not events:
        raise Discrepancy("document", "no events")
    lines.append(f"format: {FORMAT} {FORMAT_VERSION}, game {doc.get('game')}, {variant.name}, "
                 f"{doc.get('status')}, {len(events)} events{'' if doc.get('complete') else ' (its ended hands)'}")
    return variant


def _chain(doc: dict, variant, lines: list) -> list[dict]:
    """Every event in order from version 1, each linked to the one before by
    the hash of its canonical entry; the records, with each event's hash."""
    events = doc["events"]
    hands = hands_by_version((e.get("type"), e.get("data") or {}) for e in events)
    prev, records = GENESIS, []
    for i, event in enumerate(events):
        version = event.get("version")
        where = f"event {i + 1} (version {version}, {event.get('type')})"
        if version != i + 1:
            later = any(e.get("version") == i + 1 for e in events[i + 1:])
            what = "events out of order" if later else f"version {i + 1} is missing"
            raise Discrepancy(where, f"{what}: the chain needs version {i + 1} here")
        if event.get("prev") != prev:
            raise Discrepancy(where, f"its prev {_short(str(event.get('prev')))} is not the hash of version {i} "
                                     f"({_short(prev)})")
        try:
            e = _entry_of(variant, event, hands[i])
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise Discrepancy(where, f"no canonical entry: {error!r}") from None
        if link(prev, e) != event.get("hash"):
            raise Discrepancy(where, "its hash is not SHA-256(prev || entry): the event or its hash was changed")
        prev = event["hash"]
        records.append(event)
    lines.append(f"chain: {len(events)} events linked from genesis to head {_short(prev)} (version {len(events)})")
    return records


def _entry_of(variant, event: dict, hand) -> bytes:
    shown = (event["type"], event["at"], event["actor"], hand, plain(event["data"]))
    if "entry" not in event:
        return entry(variant, event["type"], event["at"], event["actor"], hand, event["data"])
    e = event["entry"].encode("utf-8")
    kind, at, actor, stored_hand, data = read_entry(e)
    if (kind, at, actor, stored_hand, plain(data)) != shown:
        raise ValueError("its stored entry does not say what the event shows")
    return e


def key_id(public: str) -> str:
    """A key's id: the first 32 hex digits of SHA-256 of its raw public key."""
    return hashlib.sha256(bytes.fromhex(public)).hexdigest()[:32]


def _keys(doc: dict, trusted) -> dict:
    """The export's keys by id, each id that of its public key (and, for a
    trusted id given with its key, that key)."""
    found = {}
    for key in doc.get("keys") or []:
        kid = key.get("kid")
        try:
            own = key_id(key.get("public"))
        except (TypeError, ValueError):
            raise Discrepancy(f"key {kid}", "not a hex public key") from None
        if own != kid:
            raise Discrepancy(f"key {kid}", "its id is not that of its public key")
        if trusted and trusted.get(kid) not in (None, key["public"]):
            raise Discrepancy(f"key {kid}", "not the public key you trust under that id")
        found[kid] = key
    return found


def _checkpoints(doc: dict, records: list, lines: list, check_signature, trusted) -> None:
    hashes = {r["version"]: r["hash"] for r in records}
    ends = {r["data"]["hand"]: r["version"] for r in records if r["type"] == "HandEnded"}
    keys = _keys(doc, trusted)
    points = doc.get("checkpoints") or []
    covered = {p.get("hand"): p for p in points}
    for hand in ends:
        if hand not in covered:
            raise Discrepancy(f"hand {hand}", "no signed checkpoint of its end")
    if doc.get("status") == "finished" and None not in covered:
        raise Discrepancy("game end", "no signed checkpoint of the finished game")
    kids = set()
    for point in points:
        hand = point.get("hand")
        where = f"checkpoint of {'the game end' if hand is None else f'hand {hand}'}"
        version = point.get("version")
        due = len(records) if hand is None else ends.get(hand)
        if version != due:
            raise Discrepancy(where, f"covers version {version}, not {due}")
        if hashes.get(version) != point.get("hash"):
            raise Discrepancy(where, f"names hash {_short(str(point.get('hash')))} for version {version}, "
                                     f"the chain has {_short(str(hashes.get(version)))}")
        key = keys.get(point.get("kid"))
        if key is None:
            raise Discrepancy(where, f"signed with key {point.get('kid')!r}, which the export does not list")
        if trusted is not None and point["kid"] not in trusted:
            raise Discrepancy(where, f"signed with key {point['kid']}, not a key you trust")
        if check_signature is not None:
            message = checkpoint_message(doc.get("game"), hand, version, point["hash"])
            if not check_signature(key.get("public"), message, point.get("signature")):
                raise Discrepancy(where, f"the signature does not verify under key {point['kid']}")
        kids.add(point["kid"])
    how = "signatures checked" if check_signature else "signatures NOT checked"
    whose = "keys you trust" if trusted is not None else "keys the export lists"
    lines.append(f"checkpoints: {len(points)} signed chain heads match the chain ({how}; "
                 f"{', '.join(sorted(kids)) or 'no key'}: {whose})")


# --- copies, deals ----------------------------------------------------------------------------

def _first(records, kind):
    return next((r for r in records if r["type"] == kind), None)


def _header(doc: dict, records: list, variant, lines: list) -> None:
    header = doc.get("header") or {}
    created = records[0]
    if created["type"] != "GameCreated":
        raise Discrepancy("event 1", "the log does not begin with GameCreated")
    data = created["data"]
    if doc.get("variant") != data.get("variant", registry.DEFAULT) or header.get("variant") != doc.get("variant"):
        raise Discrepancy("header", "the variant is not the one GameCreated names")
    if plain(header.get("rules")) != plain(data["rules"]):
        raise Discrepancy("header", "the rules are not GameCreated's")
    seats = [{"seat": i, "name": p["name"], "bot": p["bot"]} for i, p in enumerate(data["players"])]
    if plain(header.get("seats")) != plain(seats):
        raise Discrepancy("header", "the seats are not GameCreated's")
    committed = _first(records, "DealsCommitted")
    deals = header.get("deals") or {}
    seeds = [{"seat": r["data"]["seat"], "seed": r["data"]["seed"], "version": r["version"]}
             for r in records if r["type"] == "SeedContributed"]
    if committed is None:
        if deals.get("protocol") is not None:
            raise Discrepancy("header", "claims committed deals the log does not have")
        lines.append("deals: no commitment in the log (a game from before the protocol): server-chosen")
        return
    expect = {"protocol": "commit-reveal/1", "commitment": committed["data"]["commitment"],
              "hands": committed["data"]["hands"], "supplied": committed["data"]["supplied"],
              "version": committed["version"], "contributions": seeds}
    for key, value in expect.items():
        if plain(deals.get(key)) != plain(value):
            raise Discrepancy("header, deals", f"its {key} does not match the log's")
    lines.append(f"deals: commitment {_short(expect['commitment'])} at version {committed['version']}, before "
                 f"{len(seeds)} contribution(s)" + (f"; hands {expect['supplied']} dealt from the admin's deck"
                                                    if expect["supplied"] else ""))


def _pack(records, variant) -> tuple[str, ...]:
    """The game's pack, as its GameCreated (its rules, its players) makes it."""
    created = variant.event("GameCreated", records[0]["data"])
    return pack_of(variant.evolve(variant.initial, created))


def _hands(doc: dict, records: list, variant, lines: list) -> None:
    starts = {r["data"]["hand"]: r for r in records if r["type"] == "HandStarted"}
    ends = {r["data"]["hand"]: r for r in records if r["type"] == "HandEnded"}
    hands = doc.get("hands") or []
    if sorted(h.get("hand") for h in hands) != sorted(ends):
        raise Discrepancy("hands", f"the export lists hands {[h.get('hand') for h in hands]}, "
                                   f"the log ends hands {sorted(ends)}")
    committed = _first(records, "DealsCommitted")
    pack = _pack(records, variant)
    for hand in hands:
        n = hand["hand"]
        where = f"hand {n}"
        started, ended = starts.get(n), ends[n]
        if started is None:
            raise Discrepancy(where, "its HandStarted is not in the log")
        s, e = started["data"], ended["data"]
        copies = {"deck": e["deck"], "salt": e["salt"], "deck_commitment": s["deck_commitment"],
                  "results": e["results"], "reason": e["reason"],
                  "versions": {"first": started["version"], "last": ended["version"]}}
        for key, value in copies.items():
            if plain(hand.get(key)) != plain(value):
                raise Discrepancy(where, f"its {key} does not match the log's")
        if s.get("deck") != e["deck"] or s.get("salt") != e["salt"]:
            raise Discrepancy(where, "HandEnded reveals another deck or salt than HandStarted sealed")
        if commitment(e["deck"], e["salt"]) != s["deck_commitment"]:
            raise Discrepancy(where, "the deck commitment is not SHA-256(salt:deck) of the revealed deck")
        origin = deal_origin(committed and committed["data"], n)
        if hand.get("deal") != origin:
            raise Discrepancy(where, f"marked as dealt by {hand.get('deal')!r}, the log says {origin!r}")
        how = {"admin": "from the admin's deck (outside the protocol)",
               "server": "server-chosen (no commitment)"}.get(origin)
        if origin == "protocol":
            seeds = tuple((r["data"]["seat"], r["data"]["seed"]) for r in records
                          if r["type"] == "SeedContributed" and r["version"] < started["version"])
            if not reaches(e["salt"], n, committed["data"]["commitment"]):
                raise Discrepancy(where, "its revealed secret (salt) does not lead to the commitment")
            if list(protocol_deal(pack, e["salt"], seeds).deck) != list(e["deck"]):
                raise Discrepancy(where, "its deck is not the one its secret and the contributions give")
            how = f"by the protocol (secret → commitment in {n + 1} hashes; mix {_short(mix(seeds))})"
        lines.append(f"hand {n}: commitment opens, deck of {len(e['deck'])} dealt {how}")


# --- the rules --------------------------------------------------------------------------------

def _parse(at: str) -> datetime:
    return datetime.fromisoformat(at.replace("Z", "+00:00"))


def _replay(doc: dict, records: list, variant, lines: list):
    """Every action played again, in order, each giving exactly the log's next events."""
    partial = doc.get("status") != "finished"
    command, _ = creation(records)
    deals, secrets = hand_deals(records)
    created = _parse(records[0]["at"])
    events, state, moment = attempt(None, command, created, LogDealer(deals, secrets, 0), records, 0)
    if not matches(events, records, 0, partial) or abs(moment - created) > TOLERANCE:
        raise Discrepancy("creation", "GameCreated and the first deal are not what creating this game gives")
    actions = [(h["hand"], a) for h in doc.get("hands") or [] for a in h.get("actions") or []]
    actions += [(None, a) for a in doc.get("actions") or []]
    actions.sort(key=lambda pair: pair[1].get("version", 0))
    at, played, count = len(events), {}, 0
    spans = {h["hand"]: (h["versions"]["first"], h["versions"]["last"]) for h in doc.get("hands") or []}
    for hand, action in actions:
        where = f"{'hand ' + str(hand) if hand is not None else 'game'}, action at version {action.get('version')}"
        if hand is not None and not spans[hand][0] <= action.get("version", 0) <= spans[hand][1]:
            raise Discrepancy(where, "listed in a hand its events are not in")
        if at >= len(records):
            raise Discrepancy(where, "past the end of the log")
        if action.get("version") != records[at]["version"]:
            raise Discrepancy(where, f"the log's next event is version {records[at]['version']}: "
                                     f"an action is missing or out of place")
        when = _parse(action["at"])
        if abs(when - _parse(records[at]["at"])) > TOLERANCE:
            raise Discrepancy(where, "decided at a time too far from its events'")
        try:
            command = command_for(variant, action)
            events, after, moment = attempt(state, command, when, LogDealer(deals, secrets, len(state.hand_spans)),
                                            records, at)
        except Exception as e:  # noqa: BLE001 (whatever an action makes the rules raise, it is where it fails)
            raise Discrepancy(where, f"the rules refuse {_said(action)}: {getattr(e, 'code', '')} {e}") from None
        if not matches(events, records, at, partial):
            raise Discrepancy(where, f"{_said(action)} {_difference(events, records, at)}")
        if abs(moment - when) > TOLERANCE:
            raise Discrepancy(where, "its deadline does not follow from when the turn began")
        state, at, count = after, at + len(events), count + 1
        played[hand] = played.get(hand, 0) + 1
    if at < len(records):
        raise Discrepancy(f"version {records[at]['version']}", f"no action explains this {records[at]['type']}")
    for hand in sorted(h for h in played if h is not None):
        lines.append(f"hand {hand}: {played[hand]} actions played again by the rules give its events exactly")
    lines.append(f"rules: {count} actions re-executed, every event of the log explained")
    return state


def _said(action: dict) -> str:
    seat = action.get("seat")
    what = action.get("action") or action.get("seat_action") or \
        ({"timeout": action["timeout"]} if "timeout" in action else {"end": action.get("end")})
    return f"seat {seat}'s {plain(what)}" if seat is not None else plain(what)


def _difference(events, records, at: int) -> str:
    for k, event in enumerate(events):
        if at + k >= len(records):
            break
        record = records[at + k]
        if event_type(event) != record["type"] or plain(to_data(event)) != plain(record["data"]):
            return (f"gives {event_type(event)} {plain(to_data(event))[:160]} where the log has, at version "
                    f"{record['version']}, {record['type']} {plain(record['data'])[:160]}")
    return f"gives {len(events)} events, the log {len(records) - at} from here"


def _scores(doc: dict, records: list, state, lines: list) -> None:
    ended = _first(records, "GameEnded")
    ending = doc.get("ending")
    if ended is None:
        if ending is not None:
            raise Discrepancy("ending", "the log has no GameEnded")
        lines.append(f"scores: {len(state.results)} hands scored by the rules; running totals {list(state.totals)}")
        return
    expect = {"version": ended["version"], **ended["data"]}
    if plain(ending) != plain(expect):
        raise Discrepancy("ending", "the winners, totals or reason are not GameEnded's")
    if list(state.totals) != list(ended["data"]["totals"]):
        raise Discrepancy("ending", f"the rules give totals {list(state.totals)}, the log "
                                    f"{ended['data']['totals']}")
    lines.append(f"scores: every hand's results and the final totals {list(state.totals)} are the rules' "
                 f"(winners {list(ended['data']['winners'])}, {ended['data'].get('reason')})")

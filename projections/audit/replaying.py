"""Events back to the actions that caused them, and those actions played again
through the rules (domain/engine.py `play`), the one place commands are decided.

An action is what a client or the server asked for, as a record of the export:

    {"version": first event it caused, "seat", "actor", "at": the time it was decided,
     and one of  "action": an API body (what POST /actions takes)
                 "timeout": the deadline a TimeOut applied
                 "end": the reason of an EndGame (a game nobody plays any more)
                 "seat_action": {"type": "take_seat", "name"} | {"type": "resign" | "abort" | "extend"}}

The game's creation is not an action: its command is rebuilt from its first
events. `derive` finds the actions of a log by trying, at each event, the
commands its data names and then every legal action of the seat to move,
keeping the one whose events are exactly the log's; `Replay` plays them again.
Either way, a deal comes from `LogDealer`: a hand's revealed secret (the
protocol's, kernel/shuffle.py) or, for a deck dealt outside it, the deck the
log holds.
"""

import json
from datetime import datetime, timedelta
from itertools import permutations

from domain import registry
from domain.engine import play
from domain.kernel.bodies import body_of, command_of
from domain.kernel.deals import Deal, cards_of
from domain.kernel.ending import EndGame
from domain.kernel.errors import RuleViolation
from domain.kernel.eventdata import event_type, from_data, to_data
from domain.kernel.players import CreateGame
from domain.kernel.seats import Abort, Extend, Resign, TakeSeat
from domain.kernel.shuffle import Deals, by_protocol
from domain.kernel.turns import TimeOut, iso, parse

from .entries import stored_fields

TOLERANCE = timedelta(seconds=2)  # an action's time and its events' may differ by this much at most
_MS = timedelta(milliseconds=1)
_SEAT_ACTIONS = {"take_seat": TakeSeat, "resign": Resign, "abort": Abort, "extend": Extend}


class Mismatch(Exception):
    """An action does not give the events the log holds (or the rules refuse it)."""


def plain(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def same(event, record: dict) -> bool:
    """The event is the one the log records: the same data, or the same event
    once the domain reads it (a log from before an option existed reads as its
    default), or, for an entry of an older schema version, the same values for
    the fields it stored (GameEnded before `reason`: upcasting guesses one)."""
    if event_type(event) != record["type"]:
        return False
    if plain(to_data(event)) == plain(record["data"]):
        return True
    try:
        if from_data(type(event), record["data"]) == event:
            return True
    except (KeyError, TypeError, ValueError):
        return False
    if "entry" not in record:
        return False
    data = to_data(event)  # an entry of an older version: what it stored, not what upcasting guessed
    return all(plain(data[f]) == plain(record["data"][f]) for f in stored_fields(record["entry"].encode("utf-8")))


# --- deals ------------------------------------------------------------------------------------

class LogDealer:
    """Deals as the log says: `__call__` the deck of a hand dealt outside the
    protocol, `hand_secret` the secret a hand's end revealed (None when the log
    does not reach it yet: the engine then takes a placeholder deal, whose
    events lie past the log's end)."""

    def __init__(self, deals: dict, secrets: dict, next_hand: int):
        self.deals, self.secrets, self.next_hand = deals, secrets, next_hand

    def __call__(self, pack) -> Deal:
        deal = self.deals.get(self.next_hand)
        if deal is None:
            return Deal(cards_of(pack), "unrevealed")
        return Deal(tuple(deal[0]), deal[1])

    def hand_secret(self, commitment: str, hands: int, hand: int) -> str | None:
        return self.secrets.get(hand)


def deal_origin(committed: dict | None, hand: int) -> str:
    """How hand `hand` was dealt, given the data of the game's DealsCommitted:
    "protocol", "admin" (a deck the admin gave) or "server" (chosen by the
    server alone: a game from before the protocol)."""
    if committed is None:
        return "server"
    if hand in committed["supplied"]:
        return "admin"
    deals = Deals(committed["commitment"], committed["hands"], tuple(committed["supplied"]))
    return "protocol" if by_protocol(deals, hand) else "server"


def hand_deals(records) -> tuple[dict, dict]:
    """({hand: (deck, salt)} as each HandStarted holds them in full, {hand: salt} as each HandEnded reveals it)."""
    deals, secrets = {}, {}
    for r in records:
        data = r["data"]
        if r["type"] == "HandStarted" and data.get("deck") is not None:
            deals[data["hand"]] = (data["deck"], data["salt"])
        elif r["type"] == "HandEnded":
            secrets[data["hand"]] = data["salt"]
    return deals, secrets


# --- playing one action -----------------------------------------------------------------------

def creation(records) -> tuple[CreateGame, int]:
    """The command that created the game, from its first events, and how many
    of them are its own (GameCreated, DealsCommitted, the seeds given with it)."""
    first = records[0]
    if first["type"] != "GameCreated":
        raise Mismatch("the log does not begin with GameCreated")
    variant = registry.named(first["data"].get("variant"))
    created = variant.event("GameCreated", first["data"])
    deals, n = None, 1
    if len(records) > 1 and records[1]["type"] == "DealsCommitted":
        data = records[1]["data"]
        seeds, n = [], 2
        while n < len(records) and records[n]["type"] == "SeedContributed":
            seeds.append((records[n]["data"]["seat"], records[n]["data"]["seed"]))
            n += 1
        deals = Deals(data["commitment"], data["hands"], tuple(data["supplied"]), tuple(seeds))
    return CreateGame(created.players, created.rules, created.variant, deals=deals), n


def command_for(variant, action: dict):
    """The command an action record stands for."""
    seat = action.get("seat")
    if "action" in action:
        return command_of(variant.commands, seat, action["action"])
    if "timeout" in action:
        return TimeOut(action["timeout"])
    if "end" in action:
        return EndGame(action["end"])
    if "seat_action" in action:
        body = dict(action["seat_action"])
        cls = _SEAT_ACTIONS[body.pop("type")]
        return cls(seat=seat, **body)
    raise Mismatch(f"not an action: {sorted(action)}")


def record_of(command, version: int, actor: str, moment: datetime) -> dict:
    """The action record of a command."""
    found = {"version": version, "seat": getattr(command, "seat", None), "actor": actor, "at": iso(moment)}
    kind = type(command)
    if kind is TimeOut:
        found["timeout"] = command.deadline
    elif kind is EndGame:
        found["end"] = command.reason
    elif kind in _SEAT_ACTIONS.values():
        name = next(k for k, v in _SEAT_ACTIONS.items() if v is kind)
        found["seat_action"] = {"type": name, **({"name": command.name} if kind is TakeSeat else {})}
    else:
        found["action"] = body_of(command)
    return found


def moment(state, command, at: datetime) -> datetime:
    """When the command was decided, as near `at` (when its events were stored)
    as the rules allow: a timeout at its deadline or later; any other move in a
    timed turn before its deadline (it was accepted)."""
    if type(command) is TimeOut:
        return max(at, parse(command.deadline))
    deadline = state.deadline
    if deadline is not None and at >= parse(deadline):
        return parse(deadline) - _MS
    return at


def attempt(state, command, when: datetime, dealer, records, at: int) -> tuple[list, object, datetime]:
    """Play `command` at `when`; (its events, the state after them, the moment
    that gives the log's deadlines: a DeadlineSet fixes when its turn began)."""
    events, after = play(state, command, dealer, when)
    timeout = after.rules.turn_timeout_s
    for k, event in enumerate(events):
        if event_type(event) == "DeadlineSet" and at + k < len(records) and timeout:
            logged = records[at + k]
            if logged["type"] == "DeadlineSet" and logged["data"]["deadline"] != event.deadline:
                exact = parse(logged["data"]["deadline"]) - timedelta(seconds=timeout)
                events, after = play(state, command, dealer, exact)
                return events, after, exact
            break
    return events, after, when


def matches(events, records, at: int, partial: bool) -> bool:
    """The events are the log's from index `at`; with `partial` (the log ends
    before the game does) those past its end are not there to compare."""
    if at + len(events) > len(records) and not (partial and at < len(records)):
        return False
    return all(same(e, r) for e, r in zip(events, records[at:], strict=False))


# --- finding the actions of a log -------------------------------------------------------------

def _special(state, record: dict) -> list:
    data, kind = record["data"], record["type"]
    if kind == "TurnTimedOut":
        return [TimeOut(data["deadline"])]
    if kind == "GameEnded" and data.get("reason") in ("abandoned", "aborted"):  # aborted: a bot-only game ended
        return [EndGame(data["reason"])]
    if kind == "SeatTaken":
        return [TakeSeat(data["seat"], data["name"])]
    if kind == "SeatResigned":
        return [Resign(data["seat"])]
    if kind == "GameAborted":
        return [Abort(data["seat"])]
    if kind == "DeadlineExtended":
        return [Extend(data["seat"])]
    return []


def _variations(param, value) -> list:
    """What a parameter may have been, given a value an event shows: the value,
    and for cards one card fewer (Fortune's pile: its top card joins the meld),
    for stand-ins every order."""
    if isinstance(value, list) and param.kind == "cards":
        return [value] + [value[:i] + value[i + 1:] for i in range(len(value)) if len(value) > 1]
    if isinstance(value, list) and param.kind == "wild" and len(value) <= 4:
        return [list(p) for p in dict.fromkeys(permutations(value))]
    return [value]


def _named(variant, seat: int, records, at: int) -> list:
    """Commands of the seat whose parameters the next events show."""
    found = []
    for cls in variant.commands.values():
        for record in records[at:at + 3]:
            data = record["data"]
            options = [[]]
            for param in cls.params:
                value = data.get(param.attr, data.get(param.key))
                if value is None:
                    options = []
                    break
                options = [o + [(param, v)] for o in options for v in _variations(param, value)]
            for option in options:
                try:
                    found.append(command_of(variant.commands, seat, {"type": cls.action,
                                                                     **{p.key: v for p, v in option}}))
                except RuleViolation:
                    pass
            if not cls.params:
                break
    return found


def candidates(variant, state, records, at: int):
    yield from _special(state, records[at])
    seat = state.turn_seat
    if seat is None:
        return
    seen = set()
    declared = variant.declared(seat, records, at) if variant.declared else []
    for command in [*_named(variant, seat, records, at), *declared, *variant.legal_actions(state, seat)]:
        key = plain(body_of(command))
        if key not in seen:
            seen.add(key)
            yield command


def derive(records, partial: bool) -> tuple[list, int | None]:
    """(the action records that explain the log, the index of the first event
    none explains, or None). `partial`: the log stops before the game does."""
    command, n = creation(records)
    variant = registry.named(command.variant)
    deals, secrets = hand_deals(records)
    when = parse(records[0]["at"])
    events, state, _ = attempt(None, command, when, LogDealer(deals, secrets, 0), records, 0)
    if not matches(events, records, 0, partial):
        return [], 0
    at, actions = len(events), []
    while at < len(records):
        record = records[at]
        found = None
        for command in candidates(variant, state, records, at):
            when = moment(state, command, parse(record["at"]))
            dealer = LogDealer(deals, secrets, len(state.hand_spans))
            try:
                events, after, when = attempt(state, command, when, dealer, records, at)
            except Exception:  # noqa: BLE001 (a candidate the rules refuse, or cannot even read, is not it)
                continue
            if matches(events, records, at, partial):
                found = (command, events, after, when)
                break
        if found is None:
            return actions, at
        command, events, state, when = found
        actions.append(record_of(command, record["version"], record["actor"], when))
        at += len(events)
    return actions, None

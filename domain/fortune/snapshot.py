"""A folded Fortune state as JSON-ready data and back, for snapshots (a cache:
`from_data(to_data(s)) == s`, tests check it)."""

from ..kernel.players import Player
from ..kernel.seats import People
from ..kernel.shuffle import Deals
from .events import HandResult
from .melds import Shape
from .rules import Rules
from .state import GameState, HandState, TableMeld

FORMAT = 1
VARIANT = "fortune"


def to_data(state: GameState) -> dict:
    data = state._asdict()
    data["players"] = [p.to_dict() for p in state.players]
    data["people"] = state.people.to_data()
    data["deals"] = state.deals.to_data() if state.deals else None
    data["rules"] = state.rules.to_dict()
    data["results"] = [[r.to_dict() for r in hand] for hand in state.results]
    if state.hand is not None:
        hand = state.hand._asdict()
        hand["table"] = [[m.id, m.owner, [list(x) if isinstance(x, tuple) else x for x in m.shape]]
                         for m in state.hand.table]
        data["hand"] = hand
    data["format"] = FORMAT
    data["variant"] = state.variant
    return data


def from_data(data: dict) -> GameState:
    data = dict(data)
    if data.pop("format", None) != FORMAT or data.get("variant") != VARIANT:
        raise ValueError("snapshot of another format or variant")
    hand = data["hand"]
    if hand is not None:
        hand = dict(hand)
        table = tuple(TableMeld(i, o, Shape(*[_frozen(x) for x in shape])) for i, o, shape in hand.pop("table"))
        hand = HandState(**{k: _frozen(v) for k, v in hand.items()}, table=table)
    return GameState(
        version=data["version"], status=data["status"],
        players=tuple(Player(**p) for p in data["players"]), rules=Rules(**data["rules"]),
        decks=data["decks"], totals=tuple(data["totals"]),
        results=tuple(tuple(HandResult(**r) for r in hand_results) for hand_results in data["results"]),
        winners=tuple(data["winners"]), hand=hand, hand_spans=_frozen(data["hand_spans"]), variant=data["variant"],
        people=People.from_data(data.get("people")), deals=Deals.from_data(data.get("deals")))


def _frozen(value):
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value

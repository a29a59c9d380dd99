"""A folded Gin state as JSON-ready data and back, for snapshots (a cache: the
log is the truth; from_data(to_data(s)) == s)."""

from ..kernel.players import Player
from ..kernel.seats import People
from ..kernel.shuffle import Deals
from .events import HandResult, SeatBonus
from .rules import Rules
from .state import GameState, HandState, KnockSpread, ShownHand

FORMAT = 1  # bump when the shape changes; older snapshots are then ignored


def _frozen(value):
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def to_data(state: GameState) -> dict:
    data = state._asdict()
    data["players"] = [p.to_dict() for p in state.players]
    data["people"] = state.people.to_data()
    data["deals"] = state.deals.to_data() if state.deals else None
    data["rules"] = state.rules.to_dict()
    data["results"] = [[r.to_dict() for r in hand] for hand in state.results]
    data["bonuses"] = [b.to_dict() for b in state.bonuses]
    if state.hand is not None:
        hand = state.hand._asdict()
        hand["knock"] = list(state.hand.knock) if state.hand.knock is not None else None
        hand["shown"] = list(state.hand.shown) if state.hand.shown is not None else None
        data["hand"] = hand
    data["format"] = FORMAT
    return data


def from_data(data: dict) -> GameState:
    data = dict(data)
    if data.pop("format", None) != FORMAT or data.get("variant") != "gin":
        raise ValueError("snapshot of another format")
    hand = data["hand"]
    if hand is not None:
        hand = {k: _frozen(v) for k, v in hand.items()}
        if hand["knock"] is not None:
            hand["knock"] = KnockSpread(*hand["knock"])
        if hand["shown"] is not None:
            hand["shown"] = ShownHand(*hand["shown"])
        hand = HandState(**hand)
    return GameState(
        version=data["version"], status=data["status"],
        players=tuple(Player(**p) for p in data["players"]), rules=Rules(**data["rules"]),
        decks=data["decks"], totals=tuple(data["totals"]), points=tuple(data["points"]),
        results=tuple(tuple(HandResult(**r) for r in hand_results) for hand_results in data["results"]),
        winners=tuple(data["winners"]), bonuses=tuple(SeatBonus(**b) for b in data["bonuses"]),
        hand=hand, hand_spans=_frozen(data["hand_spans"]), variant=data["variant"],
        people=People.from_data(data.get("people")), deals=Deals.from_data(data.get("deals")))

"""What every seat's view shares, written once: the fields a SeatView has in
every rummy (`SEAT`) and in a discard-pile rummy (`PILE`), what each of them
is in a state, and `seeing`, the `see(state, seat)` that fills them.

A view is a typed NamedTuple, the bots' only input: it holds what the seat may
see and nothing else (never another hand or the stock's order). A variant
names its own fields after these and gives their values:

    class SeatView(views.seat_view(table=tuple[TableMeld, ...], **views.PILE, points=tuple[int, ...])):
        __slots__ = ()

    see = views.seeing(SeatView, lambda state, hand, seat: {"points": hand.points})
"""

from typing import NamedTuple

from .public import stock_size

SEAT = {
    "seat": int,
    "players": int,
    "turn": int,
    "phase": str,
    "hand": tuple[str, ...],  # the seat's own cards
    "hand_sizes": tuple[int, ...],
    "stock": int,  # its size only
    "totals": tuple[int, ...],
}
PILE = {"pile": tuple[str, ...], "renewals_left": int}  # the pile bottom first: pile[-1] is its top

# a field of these names means the same in every variant's view
_SEEN = {
    "seat": lambda state, hand, seat: seat,
    "players": lambda state, hand, seat: len(state.players),
    "turn": lambda state, hand, seat: hand.turn,
    "phase": lambda state, hand, seat: hand.phase,
    "hand": lambda state, hand, seat: hand.hands[seat],
    "hand_sizes": lambda state, hand, seat: tuple(len(cards) for cards in hand.hands),
    "stock": lambda state, hand, seat: stock_size(hand),
    "totals": lambda state, hand, seat: state.totals,
    "rules": lambda state, hand, seat: state.rules,
    "table": lambda state, hand, seat: hand.table,
    "pile": lambda state, hand, seat: hand.pile,
    "renewals_left": lambda state, hand, seat: state.rules.stock_renewals - hand.renewals,
}


def _my_turn(view) -> bool:
    return view.turn == view.seat


def seat_view(**own) -> type:
    """The base of a variant's SeatView: the `SEAT` fields, then its `own`
    (name=type, in order), and `my_turn`."""
    base = NamedTuple("SeatView", list({**SEAT, **own}.items()))
    return type("SeatView", (base,), {"__slots__": (), "my_turn": property(_my_turn)})


def seeing(view_type, own):
    """The variant's `see(state, seat)`: None between hands, else its view, the
    fields the kernel knows (above) from the state, and the rest (or another
    value of one of those) as `own(state, hand, seat)` gives them (a dict)."""
    common = [(name, _SEEN[name]) for name in view_type._fields if name in _SEEN]

    def see(state, seat: int):
        hand = state.hand
        if hand is None:
            return None
        values = {name: value(state, hand, seat) for name, value in common}
        values.update(own(state, hand, seat))
        return view_type(**values)
    return see

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

# a field of these names means the same in every variant's view: its value, as an expression of
# `state`, `hand` (state.hand) and `seat`
_SEEN = {
    "seat": "seat",
    "players": "len(state.players)",
    "turn": "hand.turn",
    "phase": "hand.phase",
    "hand": "hand.hands[seat]",
    "hand_sizes": "tuple(map(len, hand.hands))",
    "stock": "stock_size(hand)",
    "totals": "state.totals",
    "rules": "state.rules",
    "table": "hand.table",
    "pile": "hand.pile",
    "renewals_left": "state.rules.stock_renewals - hand.renewals",
    "known": "None",  # filled for the expert bot alone (Variant.expert_view): it costs every other bot time
}


def _my_turn(view) -> bool:
    return view.turn == view.seat


def seat_view(**own) -> type:
    """The base of a variant's SeatView: the `SEAT` fields, then its `own`
    (name=type, in order), `known` (the game as the seat knows it, for the
    expert bot: kernel/masking.py) last, and `my_turn`."""
    base = NamedTuple("SeatView", list({**SEAT, **own, "known": object}.items()))
    return type("SeatView", (base,), {"__slots__": (), "my_turn": property(_my_turn)})


def seeing(view_type, own):
    """The variant's `see(state, seat)`: None between hands, else its view, the
    fields the kernel knows (above) from the state, and the rest (or another
    value of one of those) as `own(state, hand, seat)` gives them (a dict).

    Every bot decision builds a view, so `see` is written out once per view type
    as one expression a field, the tuple made in one call (as namedtuple writes
    its own methods): a loop over the fields with a call each cost Gin's random
    self-play a tenth of its speed. `known` is None (Variant.expert_view
    fills it)."""
    values = [f"mine[{name!r}] if {name!r} in mine else {_SEEN[name]}" if name in _SEEN else f"mine[{name!r}]"
              for name in view_type._fields]
    source = (f"def see(state, seat):\n"
              f"    hand = state.hand\n"
              f"    if hand is None:\n"
              f"        return None\n"
              f"    mine = own(state, hand, seat)\n"
              f"    return new(view_type, ({', '.join(values)},))\n")
    scope = {"own": own, "new": tuple.__new__, "view_type": view_type, "stock_size": stock_size}
    exec(source, scope)  # noqa: S102 - the source is built above from the field names alone
    return scope["see"]

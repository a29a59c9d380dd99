"""The table of a rummy whose melds lie face up in front of the seats that
laid them, each with an id ("m1", "m2", ... in the order they were laid) that
a lay-off names: finding a meld, and how laying one and laying cards off on
one change a hand whose state has `table`, `points` (scored this hand, per
seat) and `next_meld`."""

from dataclasses import dataclass

from .errors import NoSuchMeld
from .folding import advance, replace_at, take


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its id, the seat that laid it, its kind ("set", "run", ...) and its cards."""
    id: str
    owner: int
    kind: str
    cards: tuple[str, ...]


def shown(meld: TableMeld) -> dict:
    """A meld as the API shows it."""
    return {"id": meld.id, "owner": meld.owner, "kind": meld.kind, "cards": list(meld.cards)}


def find(table, meld_id: str):
    """The meld of the table with this id, or None."""
    for meld in table:
        if meld.id == meld_id:
            return meld
    return None


def named(table, meld_id: str):
    """The meld of the table that a command names, which must be there."""
    meld = find(table, meld_id)
    if meld is None:
        raise NoSuchMeld(f"no meld {meld_id!r} on the table")
    return meld


def laid(state, e, meld):
    """The state once MeldLaid `e` put `meld` on the table: its cards out of
    the seat's hand, its points the seat's, the next meld's id one further."""
    h = state.hand
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, e.cards), table=h.table + (meld,),
        points=replace_at(h.points, e.seat, h.points[e.seat] + e.points), next_meld=h.next_meld + 1))


def laid_off(state, e, extended):
    """The state once CardsLaidOff `e` put its cards on the meld it names
    (`extended(meld)`: that meld with them), their points the seat's."""
    h = state.hand
    table = h.table
    for i, meld in enumerate(table):
        if meld.id == e.meld:
            table = replace_at(table, i, extended(meld))
            break
    return advance(state, hand=h._replace(
        hands=take(h, e.seat, e.cards), table=table,
        points=replace_at(h.points, e.seat, h.points[e.seat] + e.points)))

"""The hand being played, as far as every rummy holds it alike: the fields a
variant's HandState shares with the others, in groups, and `hand_state`, which
makes the typed NamedTuple from them and the variant's own fields (in the
order given; the last is always `deadline`, the running turn's, if timed).

    class HandState(hands.hand_state(**hands.DEALT, **hands.PILED, table=tuple[TableMeld, ...],
                                     points=tuple[int, ...], **hands.PLAYING)):
        __slots__ = ()

A field is `name=type`, or `name=(type, default)` for one a fresh hand may
leave out (after every field without a default)."""

from collections import namedtuple

DECK = {
    "deck": tuple[str, ...],  # the whole deck as dealt (revealed when the hand ends)
    "salt": str,
    "commitment": str,  # the deck's commitment, published when the hand starts
}
DEALT = {"number": int, "dealer": int, "first_seat": int, **DECK}
CARDS = {"hands": tuple[tuple[str, ...], ...]}
PILED = {  # a discard-pile rummy's cards (its `table` of melds follows, typed by the variant)
    "stock": tuple[str, ...],  # top first
    "pile": tuple[str, ...],  # the discard pile, bottom first: pile[-1] is the face-up top
    **CARDS,
}
TURN = {"turn": int, "phase": str}
PLAYING = {  # a discard-pile rummy's turn, renewals and meld ids
    **TURN,
    "renewals": int,  # how often the stock was renewed from the pile this hand
    "next_meld": int,  # the number of the next meld's id ("m<n>")
}


def hand_state(**fields) -> type:
    """The base of a variant's HandState: a typed NamedTuple of `fields`, then `deadline` (None)."""
    typed = {name: kind if type(kind) is tuple else (kind, _REQUIRED) for name, kind in fields.items()}
    typed["deadline"] = (str | None, None)
    defaults = [default for _, default in typed.values() if default is not _REQUIRED]
    base = namedtuple("HandState", typed, defaults=defaults)
    base.__annotations__ = {name: kind for name, (kind, _) in typed.items()}
    return base


def stock_left(hand) -> int:
    """The size of a stock held as a position in the deck (`stock = property(hands.stock_left)`)."""
    return len(hand.deck) - hand.stock_pos


_REQUIRED = object()

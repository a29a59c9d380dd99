"""What every rummy shows of a game, written once: the parts of the public
table, a seat's private view, a replay frame and the places of `cards_in_play`
that the variants share. A variant's public.py builds its own dicts from these,
in its own key order (the API's JSON keeps the order it is given), and adds
what is its own.

A hand holds its stock as cards (top first) or as a position in its deck
(`stock_pos`: the stock is `deck[stock_pos:]`); either way the table shows only
its size and `cards_in_play` calls it secret."""

from .gamestate import ENDED, shown_turn
from .variant import PUBLIC, SECRET


def stock_cards(hand) -> tuple[str, ...]:
    """The cards of the stock, in order: seen by nobody."""
    return hand.stock if type(hand.stock) is tuple else hand.deck[hand.stock_pos:]


def stock_size(hand) -> int:
    return len(hand.stock) if type(hand.stock) is tuple else hand.stock


def heading(state, dealer: bool = True) -> dict:
    """The hand's number, its dealer (unless not `dealer`: a variant without
    one, or one that shows it later) and whose turn it is (None between hands)."""
    hand = state.hand
    if not dealer:
        return {"hand": hand.number if hand else None, "turn": shown_turn(state)}
    return {"hand": hand.number if hand else None, "dealer": hand.dealer if hand else None,
            "turn": shown_turn(state)}


def piles(hand) -> dict:
    """A discard-pile rummy's stock (its size), pile (its size and face-up top) and renewals so far."""
    return {
        "stock": len(hand.stock) if hand else 0,
        "pile": {"size": len(hand.pile), "top": hand.pile[-1] if hand.pile else None} if hand else None,
        "renewals": hand.renewals if hand else 0,
    }


def seats(state, own) -> list[dict]:
    """Each seat's hand size, then its `own(seat)` fields (a dict)."""
    hand = state.hand
    return [{"hand_size": len(hand.hands[seat]) if hand else 0, **own(seat)} for seat in range(len(state.players))]


def melds(hand, shown) -> list[dict]:
    """The table's melds as `shown(meld)` shows each (none between hands)."""
    return [shown(m) for m in (hand.table if hand else ())]


def private(state, seat: int) -> dict:
    """What only `seat` sees: its hand."""
    hand = state.hand
    return {"hand": list(hand.hands[seat]) if hand else []}


def replay_frame(hand, **own) -> dict:
    """A replay frame's state: every hand, the variant's `own` fields in their
    order, then whose turn it is (None once the hand has ended) and the phase."""
    return {"hands": [list(cards) for cards in hand.hands], **own,
            "turn": hand.turn if hand.phase != ENDED else None, "phase": hand.phase}


def piles_frame(hand, shown) -> dict:
    """A discard-pile rummy's replay piles: the stock's size, the whole pile (bottom first), the melds."""
    return {"stock": len(hand.stock), "pile": list(hand.pile), "table": [shown(m) for m in hand.table]}


def hand_places(hand) -> list:
    """Each seat's hand, seen by that seat alone."""
    return [(f"seat {seat}'s hand", seat, cards) for seat, cards in enumerate(hand.hands)]


def meld_places(table) -> list:
    """Each meld of a table of melds with ids, face up."""
    return [(f"meld {m.id}", PUBLIC, m.cards) for m in table]


def piled_cards_in_play(state) -> list:
    """`cards_in_play` of a discard-pile rummy with melds that have ids: the
    stock (secret), the discard pile (public), each seat's hand, each meld."""
    h = state.hand
    return [("stock", SECRET, h.stock), ("discard pile", PUBLIC, h.pile)] + hand_places(h) + meld_places(h.table)

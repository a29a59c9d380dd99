"""What Rummy shows of a game: the variant's part of the public table, what
only one seat sees, and a replay frame's complete state. The table shows the
discard pile as players see it (its size and its face-up top card), the stock
by its size only (a renewed one too), and the card taken from the pile this
turn (it was face up)."""

from ..kernel import public as shown
from ..kernel.tables import shown as table_meld
from .state import ENDED, GameState


def public(state: GameState) -> dict:
    hand = state.hand
    return {**shown.heading(state), **shown.piles(hand),
            "taken": hand.taken if hand and hand.phase != ENDED else None,
            "seats": shown.seats(state, lambda seat: {"empty_handed": hand.bare[seat] if hand else False}),
            "table": shown.melds(hand, table_meld)}


private = shown.private


def replay_state(state: GameState) -> dict:
    h = state.hand
    return shown.replay_frame(h, **shown.piles_frame(h, table_meld), renewals=h.renewals, taken=h.taken,
                              empty_handed=list(h.bare))


cards_in_play = shown.piled_cards_in_play  # stock, discard pile, hands, melds

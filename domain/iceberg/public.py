"""What Iceberg shows of a game: the variant's part of the public table, what
only one seat sees, and a replay frame's complete state. Plain data, ready
for JSON; projections/ adds what every variant shows (ids, names, totals)."""

from ..kernel import gamestate, tables
from ..kernel import public as shown
from ..kernel.variant import PUBLIC, SECRET
from .state import GameState


def public(state: GameState) -> dict:
    hand = state.hand
    playing = gamestate.playing(state)
    return {
        **shown.heading(state, dealer=False),
        "stock": hand.stock if hand else 0,
        "seats": shown.seats(state, lambda seat: {"aces": list(hand.aces[seat]) if hand else [],
                                                  "waiting": bool(playing and hand.waiting[seat] is not None),
                                                  "points": hand.points[seat] if hand else 0}),
        "table": shown.melds(hand, tables.shown),
    }


def private(state: GameState, seat: int) -> dict:
    """The seat's cards, and the card it passed that waits for its neighbour."""
    n = len(state.players)
    return {**shown.private(state, seat),
            "passed": state.hand.waiting[(seat - 1) % n] if gamestate.playing(state) else None}


def replay_state(state: GameState) -> dict:
    h = state.hand
    return shown.replay_frame(h, stock=h.stock, table=[tables.shown(m) for m in h.table], points=list(h.points),
                              aces=[list(cards) for cards in h.aces], waiting=list(h.waiting))


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h, n = state.hand, len(state.players)
    places = [("stock", SECRET, h.deck[h.stock_pos:])]
    for seat in range(n):
        places += [(f"seat {seat}'s hand", seat, h.hands[seat]), (f"seat {seat}'s aces", PUBLIC, h.aces[seat])]
    places += shown.meld_places(h.table)
    # a passed card lies face down: its passer (the seat after its receiver) saw it
    places += [(f"passed to seat {seat}", (seat + 1) % n, (card,)) for seat, card in enumerate(h.waiting) if card]
    return places

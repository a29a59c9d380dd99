"""The public table and a seat's private view (API.md, "Games")."""

from domain.actions import legal_actions
from domain.state import ENDED, GameState

from .readers import Reader


def public_table(game_id: str, state: GameState) -> dict:
    hand = state.hand
    playing = hand is not None and hand.phase != ENDED
    seats = []
    for seat, player in enumerate(state.players):
        seats.append({
            "seat": seat, "name": player.name, "bot": player.bot,
            "hand_size": len(hand.hands[seat]) if hand else 0,
            "aces": list(hand.aces[seat]) if hand else [],
            "waiting": bool(hand and playing and hand.waiting[seat] is not None),
            "points": hand.points[seat] if hand else 0,
            "total": state.totals[seat],
        })
    return {
        "id": game_id, "version": state.version, "status": state.status,
        "hand": hand.number if hand else None,
        "turn": {"seat": hand.turn, "phase": hand.phase} if playing else None,
        "stock": hand.stock if hand else 0,
        "seats": seats,
        "table": [{"id": m.id, "owner": m.owner, "kind": m.kind, "cards": list(m.cards)}
                  for m in (hand.table if hand else ())],
        "rules": state.rules.to_dict(),
        "winners": list(state.winners) if state.status == "finished" else None,
    }


def seat_view(game_id: str, state: GameState, reader: Reader) -> dict:
    """The public table plus what this seat alone may see."""
    seat = reader.seat
    view = public_table(game_id, state)
    hand = state.hand
    n = len(state.players)
    playing = hand is not None and hand.phase != ENDED
    view["hand_number"] = view["hand"]
    view["seat"] = seat
    view["hand"] = list(hand.hands[seat]) if hand else []
    view["passed"] = hand.waiting[(seat - 1) % n] if playing else None
    view["actions"] = [_action(a) for a in legal_actions(state, seat)] if playing else []
    return view


def _action(command) -> dict:
    kind = type(command).__name__
    if kind == "Meld":
        return {"type": "meld", "cards": list(command.cards)}
    if kind == "LayOff":
        return {"type": "layoff", "meld": command.meld_id, "cards": list(command.cards)}
    if kind == "Discard":
        return {"type": "discard", "card": command.card}
    return {"type": kind.lower()}

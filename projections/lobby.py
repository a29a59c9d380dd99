"""The lobby and a player's inbox (docs/api.md, "Players, the lobby and play by mail"):
a listed game that waits for players, and one of a player's games with what
they need to know first, whether it is their turn and until when."""

from domain import registry
from domain.deadlines import human_to_move


def lobby_entry(game_id: str, state, info: dict) -> dict:
    """A listed open game as GET /lobby shows it (never its invite)."""
    seats = [{"seat": seat, "name": p.name, "bot": p.bot} for seat, p in enumerate(state.players)]
    return {"id": game_id, "name": info["name"], "variant": state.variant, "version": state.version,
            "open_seats": sum(p.name is None for p in state.players), "seats": seats,
            "rules": state.rules.to_dict()}


def inbox_entry(game_id: str, state, seat: int, name: str | None) -> dict:
    """One of a player's games, as GET /me/games shows it."""
    turn = state.turn_seat
    return {"id": game_id, "name": name, "variant": registry.of(state).name, "status": state.status,
            "version": state.version, "seat": seat, "my_turn": human_to_move(state) == seat,
            "turn": turn, "deadline": state.deadline, "hand": state.hands_played,
            "players": [p.name for p in state.players],
            "withdrawn": seat in state.people.withdrawn,
            "winners": list(state.winners) if state.status == "finished" else None}

"""A game as the history of games lists it (GET /games): who sat where, its
status, when it was created and ended, and once it has ended its result.
Public, as the table is: names, bots, the seats' registered players (their
public ids, which lead to their profiles) and totals, never a card."""


def summary(game_id: str, state, name: str | None, seated: dict[int, str], created: str, ended: str | None = None,
            reason: str | None = None) -> dict:
    """`created`, `ended`: the times of the game's first and last events, as the
    log shows them (`ended` and the `reason` only once it has finished)."""
    finished = state.status == "finished"
    seats = [{"seat": seat, "name": p.name, "bot": p.bot, "player": seated.get(seat)}
             for seat, p in enumerate(state.players)]
    return {"id": game_id, "name": name, "variant": state.variant, "status": state.status,
            "created": created, "ended": ended if finished else None, "hands": state.hands_played,
            "seats": seats, "withdrawn": list(state.people.withdrawn), "rated": bool(state.rules.rated),
            "winners": list(state.winners) if finished else None,
            "totals": list(state.totals) if finished else None, "reason": reason if finished else None}

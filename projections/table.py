"""The public table and a seat's private view (the API's "Games"): what every
variant shows (ids, names, totals, rules, winners), merged with what the
game's variant shows of its own table (the registry's `public`/`private`)."""

from domain import registry
from domain.engine import legal_bodies

from .readers import Reader


def public_table(game_id: str, state) -> dict:
    variant = registry.of(state)
    own = variant.public(state)
    if own.get("turn") is not None:
        own["turn"]["deadline"] = state.deadline  # play by mail: when this turn times out (null: untimed)
    seats = [{"seat": seat, "name": player.name, "bot": player.bot, **extra, "total": state.totals[seat]}
             for seat, (player, extra) in enumerate(zip(state.players, own.pop("seats"), strict=True))]
    return {
        "id": game_id, "variant": variant.name, "version": state.version, "status": state.status,
        **own, "seats": seats,
        "rules": state.rules.to_dict(),
        "winners": list(state.winners) if state.status == "finished" else None,
        "withdrawn": list(state.people.withdrawn),  # resigned or forfeited: played by the bot, cannot win
    }


def seat_view(game_id: str, state, reader: Reader) -> dict:
    """The public table plus what this seat alone may see, and its legal actions."""
    view = public_table(game_id, state)
    view["hand_number"] = view["hand"]
    view["seat"] = reader.seat
    view.update(registry.of(state).private(state, reader.seat))
    view["actions"] = legal_bodies(state, reader.seat)
    used = state.people.extensions[reader.seat] if state.people.extensions else 0
    view["extensions_left"] = max(0, state.rules.extensions - used)  # POST /games/{id}/extend
    return view

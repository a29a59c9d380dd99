"""The public table and a seat's private view (the API's "Games"): what every
variant shows (ids, names, totals, rules, winners), merged with what the
game's variant shows of its own table (the registry's `public`/`private`)."""

from domain import registry
from domain.engine import legal_bodies

from .readers import Reader


def public_table(game_id: str, state) -> dict:
    variant = registry.of(state)
    own = variant.public(state)
    seats = [{"seat": seat, "name": player.name, "bot": player.bot, **extra, "total": state.totals[seat]}
             for seat, (player, extra) in enumerate(zip(state.players, own.pop("seats"), strict=True))]
    return {
        "id": game_id, "variant": variant.name, "version": state.version, "status": state.status,
        **own, "seats": seats,
        "rules": state.rules.to_dict(),
        "winners": list(state.winners) if state.status == "finished" else None,
    }


def seat_view(game_id: str, state, reader: Reader) -> dict:
    """The public table plus what this seat alone may see, and its legal actions."""
    view = public_table(game_id, state)
    view["hand_number"] = view["hand"]
    view["seat"] = reader.seat
    view.update(registry.of(state).private(state, reader.seat))
    view["actions"] = legal_bodies(state, reader.seat)
    return view

"""Who sits at a table: each seat's player (a name, and a bot policy or None),
and the command that seats them."""

from dataclasses import dataclass

from .errors import InvalidPlayers


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    bot: str | None = None

    def to_dict(self) -> dict:
        return {"name": self.name, "bot": self.bot}


@dataclass(frozen=True, slots=True)
class CreateGame:
    """Seat these players and play `variant` under `rules` (the variant's rules object)."""
    players: tuple[Player, ...]
    rules: object = None  # None: the variant's defaults
    variant: str = "iceberg"


MAX_NAME = 40


def check_players(players, fewest: int, most: int, bots) -> None:
    """Refuse a table the variant cannot seat: the count, a name, an unknown bot."""
    if not fewest <= len(players) <= most:
        raise InvalidPlayers(f"a game has {fewest} to {most} players, not {len(players)}")
    for p in players:
        if not isinstance(p.name, str) or not p.name.strip() or len(p.name) > MAX_NAME:
            raise InvalidPlayers(f"a player's name is 1 to {MAX_NAME} characters")
        if p.bot is not None and p.bot not in bots:
            raise InvalidPlayers(f"unknown bot {p.bot!r}; known: {', '.join(sorted(bots))}")

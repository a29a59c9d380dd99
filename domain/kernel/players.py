"""Who sits at a table: each seat's player (a name, and a bot policy or None),
and the command that seats them."""

import unicodedata
from dataclasses import dataclass

from .errors import GameExists, InvalidPlayers, InvalidRules


@dataclass(frozen=True, slots=True)
class Player:
    name: str | None  # None: an open seat, until someone takes it
    bot: str | None = None

    def to_dict(self) -> dict:
        return {"name": self.name, "bot": self.bot}


@dataclass(frozen=True, slots=True)
class CreateGame:
    """Seat these players and play `variant` under `rules` (the variant's rules object)."""
    players: tuple[Player, ...]
    rules: object = None  # None: the variant's defaults
    variant: str = "iceberg"
    deals: object = None  # kernel/shuffle.py `Deals`: deal by the commit-reveal protocol (None: the dealer's deals)


MAX_NAME = 40
#: controls, format characters (zero-width and bidi marks among them), line and paragraph separators
#: (openapi.yaml's pattern for names is made from exactly these categories)
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp"}


def clean_name(name: str) -> str:
    """A name as the game records it: NFC, without characters that do not print
    or that steer the text (a newline would forge a line of a transcript, a bidi
    control would reorder it), spaces at the ends trimmed. Empty if nothing
    visible is left."""
    kept = "".join(c for c in unicodedata.normalize("NFC", name) if unicodedata.category(c) not in _INVISIBLE)
    return kept.strip()


def check_players(players, fewest: int, most: int, bots) -> None:
    """Refuse a table the variant cannot seat: the count, a name, an unknown bot.
    A seat with neither name nor bot is open: whoever takes it names it."""
    if not fewest <= len(players) <= most:
        raise InvalidPlayers(f"a game has {fewest} to {most} players, not {len(players)}")
    for p in players:
        if p.name is None and p.bot is None:
            continue  # an open seat, taken later (kernel/seats.py)
        if not isinstance(p.name, str) or clean_name(p.name) != p.name or not p.name or len(p.name) > MAX_NAME:
            raise InvalidPlayers(f"a player's name is 1 to {MAX_NAME} visible characters, without controls")
        if p.bot is not None and p.bot not in bots:
            raise InvalidPlayers(f"unknown bot {p.bot!r}; known: {', '.join(sorted(bots))}")


def seat_players(state, command: CreateGame, fewest: int, most: int, bots, rules_type) -> tuple:
    """(players, rules) of a game a variant is asked to create: refused if the
    game exists, the table cannot be seated, or the rules are another variant's;
    no rules given means the variant's defaults."""
    if state.status != "new":
        raise GameExists("this game already exists")
    players = tuple(command.players)
    check_players(players, fewest, most, bots)
    rules = rules_type() if command.rules is None else command.rules
    if not isinstance(rules, rules_type):
        raise InvalidRules(f"these are not the rules of {command.variant}")
    rules.check()
    return players, rules

"""Commands: what a player (or the service) asks the game to do. Imperative names."""

from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    bot: str | None = None

    def to_dict(self) -> dict:
        return {"name": self.name, "bot": self.bot}


@dataclass(frozen=True, slots=True)
class CreateGame:
    players: tuple[Player, ...]
    rules: Rules = Rules()


@dataclass(frozen=True, slots=True)
class StartHand:
    """Deal the next hand from this deck order (top first); `salt` hides it."""
    deck: tuple[str, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class Pickup:
    seat: int


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int


@dataclass(frozen=True, slots=True)
class Meld:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    seat: int
    meld_id: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    card: str


TURN_COMMANDS = (Pickup, Draw, Meld, LayOff, Discard)

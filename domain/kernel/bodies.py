"""Action bodies and commands, mapped in one place.

Every player command of every variant declares its action `type` and its
parameters (JSON key, command field, kind), so the API's body, the command,
and the legal-action hints of a seat's view are one declaration read three
ways. The service checks each kind's shape ("card", "cards", "meld") at the
edge; the rules check the rest.
"""

from dataclasses import dataclass

from .errors import InvalidAction
from .eventdata import plain


@dataclass(frozen=True, slots=True)
class Param:
    key: str  # the JSON key
    attr: str  # the command's field
    kind: str  # "card" (one card), "cards" (a list of cards), "meld" (a table meld's id)


def body_of(command) -> dict:
    """The action body that stands for this command."""
    cls = type(command)
    return {"type": cls.action, **{p.key: plain(getattr(command, p.attr)) for p in cls.params}}


def command_of(commands: dict, seat: int, body: dict):
    """The command a (shape-checked) action body asks for, acting as `seat`."""
    cls = commands.get(body.get("type"))
    if cls is None:
        raise InvalidAction(f"{body.get('type')!r} is not an action of this game; "
                            f"its actions are {', '.join(sorted(commands))}")
    values = {}
    for p in cls.params:
        if p.key not in body:
            raise InvalidAction(f"a {cls.action} action needs {p.key!r}")
        value = body[p.key]
        values[p.attr] = tuple(value) if isinstance(value, list) else value
    extra = set(body) - {"type"} - {p.key for p in cls.params}
    if extra:
        raise InvalidAction(f"a {cls.action} action takes no {', '.join(sorted(extra))}")
    return cls(seat=seat, **values)


def listing(commands: dict, see, options):
    """(to_command, legal_actions) of a variant that lists a seat's legal actions
    as light options, `options(view) -> [(action type, its parameters in the
    command's order), ...]` (cheap to make and compare: bots weigh them before
    making one a command), from what the seat sees (`see(state, seat)`), so the
    listing never depends on what it may not see. Only the seat to move has any."""

    def to_command(seat: int, option: tuple):
        return commands[option[0]](seat, *option[1:])

    def legal_actions(state, seat: int) -> list:
        if state.turn_seat != seat:  # between hands, once the game is over, on another seat's turn
            return []
        return [to_command(seat, option) for option in options(see(state, seat))]

    return to_command, legal_actions

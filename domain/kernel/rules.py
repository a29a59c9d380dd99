"""A game's rules: the options every rummy shares, declared once here, and
the typed, frozen rules object each variant builds from its own options.

A variant declares each of its options once (kernel/options.py: name, type,
default, bounds, what it does); `typed(OPTIONS)` turns that declaration into
its `Rules` class, a subclass of `Rules` here, with one field per option, so
the defaults are never written twice:

    OPTIONS = (Option("ace_rule", ...), target(5000), HANDS, MAX_HANDS, ...) + EVERY_GAME

    @typed(OPTIONS)
    class Rules(rules.Rules):
        def deck_count(self, players): ...

The fields are in the options' order, which is the order a rules object is
stored in (GameCreated) and shown in; the order clients are offered the
options in (GET /variants) is the declaration's. Every variant's options end
with EVERY_GAME (play by mail, and whether the game is rated).
"""

from dataclasses import asdict, dataclass
from typing import ClassVar

from .options import Option, parse

MAX_HANDS = 100
ON_TIMEOUT = ("bot", "forfeit")
TARGET_DOC = "the game ends when a sole leader has at least this total"


def target(default: int, doc: str = TARGET_DOC) -> Option:
    """The score that ends a game (`target_score`), at the variant's default."""
    return Option("target_score", "integer", default, doc, minimum=1, maximum=10**6)


def stock_renewals(default: int, doc: str) -> Option:
    """How often a discard-pile rummy's hand may renew its stock from the pile
    (kernel/piles.py), at the variant's default, `doc` saying how it ends after."""
    return Option("stock_renewals", "integer", default, doc, minimum=0, maximum=20)


HANDS = Option("hands", "integer", None, "play exactly this many hands instead of to the target",
               minimum=1, maximum=1000, nullable=True)
MAX_HANDS_OPTION = Option("max_hands", "integer", MAX_HANDS,
                          "the game ends after this many hands in any case, highest total winning",
                          minimum=1, maximum=1000)
TURN_TIMEOUT = Option("turn_timeout_s", "integer", None, "play by mail: seconds a human seat has for a turn",
                      minimum=1, maximum=30 * 86400, nullable=True)
# what a seat may do about its deadlines (kernel/seats.py, domain/seating.py)
ON_TIMEOUT_OPTION = Option(
    "on_timeout", "choice", "bot",
    "play by mail: when a turn times out, the greedy bot plays it (bot) or the late seat forfeits (forfeit)",
    choices=ON_TIMEOUT)
EXTENSIONS = Option("extensions", "integer", 0,
                    "play by mail: how often each seat may extend its own running deadline in a game",
                    minimum=0, maximum=100)
EXTENSION_S = Option("extension_s", "integer", 86400, "play by mail: seconds one extension adds",
                     minimum=1, maximum=30 * 86400)
#: play by mail
TIMING = (TURN_TIMEOUT, ON_TIMEOUT_OPTION, EXTENSIONS, EXTENSION_S)
#: whether the game counts for the players' ratings (service/app/standings.py)
RATED = Option("rated", "boolean", True, "the game counts for the players' ratings once it has ended")
#: every variant's options end with these
EVERY_GAME = TIMING + (RATED,)
#: the options that close a game played to a target or for a set number of hands: `hands`, `max_hands`, then every game's
BY_HANDS = (HANDS, MAX_HANDS_OPTION) + EVERY_GAME


class Rules:
    """What the engine, the service and the kernel read of every variant's
    rules (each is a field of its `Rules`, made by `typed`)."""

    __slots__ = ()
    options: ClassVar[tuple[Option, ...]] = ()
    target_score: int
    max_hands: int
    turn_timeout_s: int | None
    on_timeout: str
    extensions: int
    extension_s: int
    rated: bool

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> "Rules":
        """Rules from a (possibly partial) dict; unknown names and bad values are refused."""
        return cls(**parse(cls.options, data))

    def check(self) -> None:
        parse(self.options, self.to_dict())

    def deck_count(self, players: int) -> int:
        """52-card decks a game of this many players is dealt from."""
        return 1


def typed(options: tuple[Option, ...], order: tuple[str, ...] | None = None):
    """A class decorator: the variant's `Rules` (a subclass of `Rules`) as a
    frozen dataclass with one field per option, at its default. `order`: the
    fields' order where it is not the options' (a variant's rules were stored
    in it before they were declared this way)."""
    named = {option.name: option for option in options}
    names = order or tuple(named)
    if sorted(names) != sorted(named):
        raise ValueError("`order` names each option once")

    def build(cls):
        if cls.__dict__.get("__annotations__"):
            raise TypeError(f"{cls.__name__}'s fields are its options: declare none")
        cls.__annotations__ = {name: _annotation(named[name]) for name in names}
        for name in names:
            setattr(cls, name, named[name].default)
        cls.options = tuple(options)
        return dataclass(frozen=True, slots=True)(cls)
    return build


def _annotation(option: Option):
    if option.kind == "integer":
        kinds = (int,)
    elif option.kind == "boolean":
        kinds = (bool,)
    else:
        kinds = tuple(dict.fromkeys(type(choice) for choice in option.choices))
    if option.nullable:
        kinds += (type(None),)
    annotation = kinds[0]
    for kind in kinds[1:]:
        annotation = annotation | kind
    return annotation

"""The events every rummy shares, defined once, each with one meaning in every
variant: the game created, a hand dealt, a card drawn or discarded, the hand's
end and the game's end; the first upcard passed and the stock renewed from the
discard pile, for the variants that have them.

A log entry names its event type by a code, unique across variants, and each
variant stores its games' shared events under its own codes (logs written
long ago name them so). So a variant has its own class for each shared event
it stores, a subclass of the one here made by the functions below, that adds
nothing but its own types (its rules, its hand results) and, for the deal,
the fields its deal has:

    GameCreated = events.game_created("gin", Rules)
    HandStarted = events.hand_started(dealer=int, upcard=str)
    CardDrawn = events.of_variant(events.CardDrawnFrom, "CardDrawn")
    HandEnded = events.hand_ended(HandResult, ("out", "exhausted"))

The kernel's evolvers, deciders and words (kernel/evolving.py, deciding.py,
telling.py) know every variant's class through these. `UpcardPassed` and
`StockRenewed` have no variant of their own: every variant that has them
stores this very class, under the code it was first stored with.

Besides its fields, an event type declares what the service reads of it:
`move`, whether an event of this type that names a seat is that seat's own
move (default True: a notice tells a player what happened since), and
`follows`, what follows once it is stored (the names below; the service's
follow-ups react to them).
"""

import sys
from dataclasses import dataclass, field, fields, make_dataclass

from .ending import reason_of_v1
from .players import Player
from .stored import Past, StoredForm

#: what may follow an event once it is stored (service/followups.py)
REPLAY = "replay"  # the hand's replay is built
HAND_ENDED = "hand_ended"  # each seat is told how the hand ended
GAME_ENDED = "game_ended"  # each seat is told how the game ended
DUE = "due"  # the game's next due time may move (a new game, a deadline)
FILED = "filed"  # the game's status or seats changed: it is filed in the history of games again


class Record:
    """A record inside an event (a hand's result per seat, a bonus): its data is its fields."""

    __slots__ = ()

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class HandResult(Record):
    """One seat's result of a hand (a variant's adds its own fields)."""
    seat: int
    scored = "total"  # the field whose value adds to the seat's game total (kernel/evolving.py)


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A hand is dealt: its number, the deal's fields of the variant, the
    commitment to the deck and salt, which HandEnded reveals (nobody but the
    admin sees them during the hand)."""
    hand: int


@dataclass(frozen=True, slots=True)
class GameCreated:
    """The table is seated under these rules (each variant's class names its `Rules` type and itself)."""
    players: tuple[Player, ...]
    rules: object
    variant: str
    follows = (DUE, FILED)


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is over: why, each seat's result (each variant's `HandResult`), and the deal revealed."""
    hand: int
    reason: str
    results: tuple
    deck: tuple[str, ...]
    salt: str
    follows = (REPLAY, HAND_ENDED)


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: who won, every seat's final total, and why (kernel/ending.py REASONS)."""
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    reason: str
    follows = (GAME_ENDED, FILED)


@dataclass(frozen=True, slots=True)
class SeatCard:
    """A seat and a card: what many events say (a variant's own too, e.g. `of_variant(SeatCard, "CardPickedUp")`)."""
    seat: int
    card: str


class CardDrawn(SeatCard):
    """`seat` took the top card of the stock: its taker's secret during the hand."""
    __slots__ = ()


@dataclass(frozen=True, slots=True, init=False, repr=False, eq=False)
class CardDrawnFrom:
    """`seat` drew `card` from the `from` pile ("stock" or "discard"): a card
    from the stock is its taker's secret, one from the discard pile was face
    up there. `from` (the API's name) is a Python keyword: the constructor
    takes it as `source`, and the class is written out by hand."""
    __annotations__ = {"seat": int, "card": str, "from": str}

    def __init__(self, seat: int, card: str, source: str):
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "from", source)

    @property
    def source(self) -> str:
        return getattr(self, "from")

    def _key(self):
        return self.seat, self.card, self.source

    def __eq__(self, other):
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return f"{type(self).__name__}(seat={self.seat!r}, card={self.card!r}, from={self.source!r})"

    @classmethod
    def from_data(cls, data: dict):
        return cls(data["seat"], data["card"], data["from"])


class CardDiscarded(SeatCard):
    """`seat` ended its turn with `card` face up on the discard pile."""
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class MeldLaid:
    """`seat` laid `cards` on the table as a new meld of `kind`, with the id `meld`
    (a lay-off names it); a variant's adds its own fields (`meld_laid`)."""
    seat: int
    meld: str
    kind: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsLaidOff:
    """`seat` added `cards` to the table's meld `meld`; a variant's adds its own fields (`cards_laid_off`)."""
    seat: int
    meld: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UpcardPassed:
    """`seat` declined the first upcard; the next seat is offered it, or the draw begins."""
    seat: int


@dataclass(frozen=True, slots=True)
class StockRenewed:
    """The empty stock is made again from the discard pile: now `size` cards
    (which of the pile's cards is each variant's rule)."""
    size: int


# --- a variant's classes of the shared events --------------------------------------------------

def of_variant(base: type, name: str | None = None) -> type:
    """A variant's class of the shared event `base`: its very fields, named as
    `base` (or `name`), so the variant may store it under a code of its own."""
    return _theirs(type(name or base.__name__, (base,), {"__slots__": ()}))


def game_created(variant: str, rules_type: type) -> type:
    """A variant's GameCreated: its rules are its `Rules`, and its `variant` is its name unless given."""
    return _theirs(make_dataclass("GameCreated", [("rules", rules_type), ("variant", str, field(default=variant))],
                                  bases=(GameCreated,), frozen=True, slots=True))


def hand_started(**deal: type) -> type:
    """A variant's HandStarted: the hand's number, the `deal` fields its deal has
    (the dealer, the first seat, the upcard ...) in order, then the deck's
    commitment, the deck and the salt."""
    return _theirs(make_dataclass("HandStarted", [*deal.items(), ("deck_commitment", str),
                                                  ("deck", tuple[str, ...]), ("salt", str)],
                                  bases=(HandStarted,), frozen=True, slots=True))


def meld_laid(**more: type) -> type:
    """A variant's MeldLaid: the seat, the meld's id, kind and cards, then its `more` fields (points ...)."""
    return _theirs(make_dataclass("MeldLaid", list(more.items()), bases=(MeldLaid,), frozen=True, slots=True))


def cards_laid_off(**more: type) -> type:
    """A variant's CardsLaidOff: the seat, the meld's id and the cards, then its `more` fields (points ...)."""
    return _theirs(make_dataclass("CardsLaidOff", list(more.items()), bases=(CardsLaidOff,), frozen=True,
                                  slots=True))


def hand_ended(result_type: type, reasons: tuple[str, ...]) -> type:
    """A variant's HandEnded: its results are its `HandResult`s, its `reason` one
    of `reasons` (declared, so that the words for each can be checked complete)."""
    return _theirs(make_dataclass("HandEnded", [("results", tuple[result_type, ...])], bases=(HandEnded,),
                                  namespace={"reasons": reasons}, frozen=True, slots=True))


def _theirs(cls: type) -> type:
    """The class as defined in the module that asked for it (as collections.namedtuple does)."""
    cls.__module__ = sys._getframe(2).f_globals.get("__name__", __name__)
    return cls


# --- stored forms (kernel/stored.py): pinned, never derived from a class -----------------------

#: stored under the codes of the variants that had them first ("g": Gin, "f": Fortune), never changed
UPCARD_PASSED = StoredForm(UpcardPassed, "gP", ("seat",))
STOCK_RENEWED = StoredForm(StockRenewed, "fR", ("size",))


def created_form(cls, code: str, version: int = 1, past: tuple[Past, ...] = ()) -> StoredForm:
    """How a variant's GameCreated is stored under its code."""
    return StoredForm(cls, code, ("players", "rules", "variant"), version, past=past)


def hand_started_form(cls, code: str, *deal: str) -> StoredForm:
    """How a variant's HandStarted is stored under its code: the hand, the
    variant's `deal` fields, then the deck's commitment, the deck (as one
    string) and the salt."""
    return StoredForm(cls, code, ("hand", *deal, "deck_commitment", "deck", "salt"), joined=("deck",))


def hand_ended_form(cls, code: str) -> StoredForm:
    """How a variant's HandEnded is stored under its code: the revealed deck as one string."""
    return StoredForm(cls, code, ("hand", "reason", "results", "deck", "salt"), joined=("deck",))


def game_ended_form(cls, code: str, reason_added: bool = False) -> StoredForm:
    """How a variant's GameEnded (the fields of the one here) is stored under its
    code. `reason_added`: the variant stored it before it said why (version 1)."""
    if not reason_added:
        return StoredForm(cls, code, ("winners", "totals", "reason"))
    return StoredForm(cls, code, ("winners", "totals", "reason"), version=2,
                      past=(Past(1, ("winners", "totals"), reason_of_v1),))


def seat_card_form(cls, code: str) -> StoredForm:
    """How a variant's CardDrawn or CardDiscarded (a seat and a card) is stored under its code."""
    return StoredForm(cls, code, ("seat", "card"))


def drawn_from_form(cls, code: str) -> StoredForm:
    """How a variant's CardDrawnFrom (a seat, a card and the pile it came from) is stored under its code."""
    return StoredForm(cls, code, ("seat", "card", "from"))

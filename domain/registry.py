"""The variants this engine hosts, by name, registered in one list below. A
game records its variant in `GameCreated` (a game logged before variants
existed is Iceberg), and everything outside the domain reaches a variant's
rules through here, and what it must know of an event type or a rule
violation through the plain accessors below (never by naming a variant).

A new variant is its package under domain/ and one line in HOSTED
(docs/architecture.md, "Where a new variant goes").
"""

from collections.abc import Iterator
from contextlib import contextmanager

from . import conquian, fortune, gin, iceberg, kalooki, manipulation, rummy
from .kernel import telling
from .kernel.errors import UnknownVariant
from .kernel.stored import StoredForm
from .kernel.variant import Variant

#: every hosted variant, in the order GET /variants lists them by name
HOSTED: tuple[Variant, ...] = (
    iceberg.VARIANT,
    gin.VARIANT,
    fortune.VARIANT,
    rummy.VARIANT,
    conquian.VARIANT,
    kalooki.VARIANT,
    manipulation.VARIANT,
)
DEFAULT = "iceberg"

VARIANTS: dict[str, Variant] = {}
#: every stored event type of every variant: by its code (unique across variants, so an entry
#: names its type without context; two variants may share one form, never one code for two
#: types) and by its class
BY_CODE: dict[str, StoredForm] = {}
BY_TYPE: dict[type, StoredForm] = {}
_MOVES: dict[str, bool] = {}  # event type -> whether it is a seat's own move
_NOTICES: dict[str, object] = dict(telling.NOTICES)  # event type -> a notice's line


def register(variant: Variant) -> None:
    """Host `variant`: refused if its name, or one of its type codes, is another's."""
    if variant.name in VARIANTS:
        raise ValueError(f"a variant {variant.name!r} is hosted already")
    for form in variant.stored:
        owner = BY_CODE.get(form.code)
        if owner is not None and owner.type is not form.type:
            raise ValueError(f"stored code {form.code!r} is used by two event types")
        move = getattr(form.type, "move", True)
        if _MOVES.get(form.name, move) != move:
            raise ValueError(f"{form.name} is a move in one variant and not in another")
    for kind in variant.telling.notices:
        if kind in _NOTICES and _NOTICES[kind] is not variant.telling.notices[kind]:
            raise ValueError(f"two variants tell a notice of {kind} differently")
    VARIANTS[variant.name] = variant
    for form in variant.stored:
        BY_CODE[form.code], BY_TYPE[form.type] = form, form
        _MOVES[form.name] = getattr(form.type, "move", True)
    _NOTICES.update(variant.telling.notices)


def unregister(name: str) -> None:
    """Stop hosting a variant (a test's own): its forms and words go, unless another variant has them."""
    variant = VARIANTS.pop(name)
    kept = {form.code for other in VARIANTS.values() for form in other.stored}
    for form in variant.stored:
        if form.code not in kept:
            BY_CODE.pop(form.code, None)
            BY_TYPE.pop(form.type, None)
    names = {form.name for other in VARIANTS.values() for form in other.stored}
    for form in variant.stored:
        if form.name not in names:
            _MOVES.pop(form.name, None)
    for kind in variant.telling.notices:
        if not any(kind in other.telling.notices for other in VARIANTS.values()):
            _NOTICES.pop(kind, None)


@contextmanager
def hosting(variant: Variant) -> Iterator[Variant]:
    """Host `variant` for the length of a `with` (a variant a test defines)."""
    register(variant)
    try:
        yield variant
    finally:
        unregister(variant.name)


for _variant in HOSTED:
    register(_variant)


def named(name: str | None) -> Variant:
    try:
        return VARIANTS[name or DEFAULT]
    except (KeyError, TypeError):
        raise UnknownVariant(f"no variant {name!r}; hosted: {', '.join(sorted(VARIANTS))}") from None


def of(state) -> Variant:
    """The variant a game's state belongs to."""
    return VARIANTS[state.variant]


# --- what the service reads of an event type ---------------------------------------------------

def is_move(type_name: str) -> bool:
    """Whether an event of this type that names a seat is that seat's own move
    (not a deadline, a timeout or what people do to a game: kernel/events.py)."""
    return _MOVES.get(type_name, True)


def follow_ups(event) -> tuple[str, ...]:
    """What follows this event once it is stored (kernel/events.py: REPLAY, HAND_ENDED, GAME_ENDED, DUE, FILED)."""
    return getattr(type(event), "follows", ())


def notice_line(type_name: str, data: dict, who) -> str | None:
    """A notice's line telling this event (its data as the public sees it;
    `who(seat)`: how the reader calls a seat), or None for one not told."""
    line = _NOTICES.get(type_name)
    return line(data, who) if line else f"{type_name}."

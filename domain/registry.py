"""The variants this engine hosts, by name. A game records its variant in
`GameCreated` (a game logged before variants existed is Iceberg), and
everything outside the domain reaches a variant's rules through here.

Every package under domain/ that builds a `VARIANT` is hosted: adding a
variant is adding its package, nothing else.
"""

import importlib
import pkgutil
from pathlib import Path

from .kernel.errors import UnknownVariant
from .kernel.variant import Variant

DEFAULT = "iceberg"
_NOT_VARIANTS = {"kernel"}


def _discover() -> dict[str, Variant]:
    found = {}
    for module in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
        if not module.ispkg or module.name in _NOT_VARIANTS:
            continue
        variant = getattr(importlib.import_module(f"{__package__}.{module.name}"), "VARIANT", None)
        if isinstance(variant, Variant):
            found[variant.name] = variant
    return found


VARIANTS: dict[str, Variant] = _discover()


def named(name: str | None) -> Variant:
    try:
        return VARIANTS[name or DEFAULT]
    except (KeyError, TypeError):
        raise UnknownVariant(f"no variant {name!r}; hosted: {', '.join(sorted(VARIANTS))}") from None


def of(state) -> Variant:
    """The variant a game's state belongs to."""
    return VARIANTS[state.variant]


def stored_forms() -> dict[str, tuple[Variant, object]]:
    """Every stored event type of every variant, by its code. Codes are unique
    across variants, so a stored entry names its type without context; two
    variants may share one form (the same class), never one code for two."""
    forms = {}
    for variant in VARIANTS.values():
        for form in variant.stored:
            owner = forms.get(form.code)
            if owner is not None and owner[1].type is not form.type:
                raise ValueError(f"stored code {form.code!r} is used by two event types")
            forms[form.code] = (variant, form)
    return forms

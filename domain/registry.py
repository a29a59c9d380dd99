"""The variants this engine hosts, by name. A game records its variant in
`GameCreated` (a game logged before variants existed is Iceberg), and
everything outside the domain reaches a variant's rules through here."""

from .iceberg import VARIANT as ICEBERG
from .kernel.errors import UnknownVariant
from .kernel.variant import Variant

DEFAULT = "iceberg"
VARIANTS: dict[str, Variant] = {v.name: v for v in (ICEBERG,)}


def named(name: str | None) -> Variant:
    try:
        return VARIANTS[name or DEFAULT]
    except (KeyError, TypeError):
        raise UnknownVariant(f"no variant {name!r}; hosted: {', '.join(sorted(VARIANTS))}") from None


def of(state) -> Variant:
    """The variant a game's state belongs to."""
    return VARIANTS[state.variant]


def stored_forms() -> dict[str, tuple[Variant, object]]:
    """Every stored event type of every variant, by its code (codes are unique
    across variants, so a stored entry names its type without context)."""
    forms = {}
    for variant in VARIANTS.values():
        for form in variant.stored:
            owner = forms.get(form.code)
            if owner is not None and owner[1] is not form:
                # two variants may share one form (the same class), never one code for two
                assert owner[1].type is form.type, f"stored code {form.code} is used twice"
            forms[form.code] = (variant, form)
    return forms

"""Rules options, typed: each variant declares its options once, and that one
declaration checks a game's rules, fills in defaults and describes the options
to clients (name, type, default, allowed values)."""

from dataclasses import dataclass

from .errors import InvalidRules


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    kind: str  # "integer", "choice" or "boolean"
    default: object
    doc: str
    choices: tuple = ()  # a choice's allowed values
    minimum: int | None = None  # an integer's bounds
    maximum: int | None = None
    nullable: bool = False  # null is a value of its own ("no timeout"), not "the default"

    def check(self, value) -> None:
        if value is None:
            if not self.nullable:
                raise InvalidRules(f"{self.name} may not be null")
            return
        if self.kind == "boolean":
            if not isinstance(value, bool):
                raise InvalidRules(f"{self.name} must be true or false")
        elif self.kind == "choice":
            if isinstance(value, bool) or value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidRules(f"{self.name} must be one of {allowed}")
        elif not is_whole(value) or not self.minimum <= value <= self.maximum:
            null = " or null" if self.nullable else ""
            raise InvalidRules(f"{self.name} must be a whole number from {self.minimum} to {self.maximum}{null}")

    def describe(self) -> dict:
        described = {"name": self.name, "type": self.kind, "default": self.default, "nullable": self.nullable,
                     "description": self.doc}
        if self.kind == "choice":
            described["allowed"] = list(self.choices)
        elif self.kind == "integer":
            described["minimum"], described["maximum"] = self.minimum, self.maximum
        return described


def is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse(options: tuple[Option, ...], data: dict | None) -> dict:
    """Every option's value from a (possibly partial) dict: unknown names are
    refused, a missing option or a null one that has no null meaning takes
    its default, and every value is checked."""
    data = dict(data or {})
    known = {o.name for o in options}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidRules(f"unknown rules option(s): {', '.join(unknown)}")
    values = {}
    for option in options:
        value = data.get(option.name, option.default)
        if value is None and not option.nullable:
            value = option.default
        option.check(value)
        values[option.name] = value
    return values

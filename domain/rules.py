"""Per-game options (RULES.md, the settings marked **option**) and their checks."""

from dataclasses import asdict, dataclass, fields

from .errors import InvalidRules

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ACE_RULES = ("multiplier", "bonus")
DECKS = ("auto", 1, 2)


@dataclass(frozen=True, slots=True)
class Rules:
    ace_rule: str = "multiplier"
    target_score: int = 5000
    decks: str | int = "auto"
    hands: int | None = None
    turn_timeout_s: int | None = None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> "Rules":
        """Rules from a (possibly partial) dict; unknown keys are refused."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRules(f"unknown rules option(s): {', '.join(unknown)}")
        # None means "the default" for options that have no null meaning.
        for name in ("ace_rule", "target_score", "decks"):
            if data.get(name, 0) is None:
                del data[name]
        rules = cls(**data)
        rules.check()
        return rules

    def check(self) -> None:
        if self.ace_rule not in ACE_RULES:
            raise InvalidRules(f"ace_rule must be one of {ACE_RULES}")
        if not _whole(self.target_score) or self.target_score < 1:
            raise InvalidRules("target_score must be a whole number of at least 1")
        if self.decks not in DECKS or isinstance(self.decks, bool):
            raise InvalidRules("decks must be 'auto', 1 or 2")
        if self.hands is not None and (not _whole(self.hands) or not 1 <= self.hands <= 1000):
            raise InvalidRules("hands must be null or a whole number from 1 to 1000")
        if self.turn_timeout_s is not None and (
            not _whole(self.turn_timeout_s) or not 1 <= self.turn_timeout_s <= 30 * 86400
        ):
            raise InvalidRules("turn_timeout_s must be null or 1 to 2592000 seconds (30 days)")

    def deck_count(self, players: int) -> int:
        """`auto` is one deck for 2-3 players, two for 4-6; any count fits 2-6."""
        if self.decks == "auto":
            return 1 if players <= 3 else 2
        return int(self.decks)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

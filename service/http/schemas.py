"""Request bodies at the edge: marshmallow checks the shape before the domain is
touched (a bad shape is 422, with the field errors). The shapes of rules and
actions are built from each variant's own declarations (its typed options and
its commands' parameters), so nothing here names a variant's concepts."""

from dataclasses import dataclass
from functools import lru_cache

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from domain import registry
from domain.kernel.players import MAX_NAME, Player

from .names import shown_name

CARD = fields.String(validate=validate.Length(min=2, max=3))
ALL_BOTS = sorted({name for v in registry.VARIANTS.values() for name in v.bots})
GAME_NAME = 80


@dataclass(frozen=True)
class CallerSeat:
    """`{"player": "me"}`: the seat of the player whose token made the request
    (`name`: another name than the player's, for this game)."""
    name: str | None = None


class JsonBoolean(fields.Boolean):
    """true or false, as JSON Schema's boolean: never "yes", "true", 1 or 0 (marshmallow's Boolean takes those)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean: true or false.")
        return value


class PlayerSchema(Schema):
    """A seat of a new game: named (a human, or a bot), `{"player": "me"}` (the
    caller, with a player token) or `{"open": true}` (taken later, by invite)."""

    class Meta:
        unknown = RAISE

    name = fields.String(load_default=None, validate=validate.Length(min=1, max=MAX_NAME))
    bot = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(ALL_BOTS))
    player = fields.String(load_default=None, validate=validate.OneOf(["me"]))
    open = JsonBoolean(load_default=False, validate=validate.Equal(True))

    @post_load
    def build(self, data, **_):
        if data["open"]:
            if any(data[k] is not None for k in ("name", "bot", "player")):
                raise ValidationError({"open": ["an open seat has no name, bot or player: whoever takes it does"]})
            return Player(None)
        if data["player"] is not None and data["bot"] is not None:
            raise ValidationError({"player": ["a player's seat is not a bot's"]})
        if data["name"] is None:
            if data["player"] is None:
                raise ValidationError({"name": ["Missing data for required field."]})
            return CallerSeat()
        name = shown_name(data["name"])
        if not name or len(name) > MAX_NAME:
            raise ValidationError({"name": [f"1 to {MAX_NAME} visible characters"]})
        return CallerSeat(name) if data["player"] else Player(name, data["bot"])


class WholeNumber(fields.Integer):
    """A whole number as JSON Schema counts one: 586 or 586.0, never "586" or true."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("Not a valid integer.")
        return super()._deserialize(value, attr, data, **kwargs)


class Choice(fields.Field):
    """One of a few allowed values, strings or whole numbers (2.0 counts as 2, true never does)."""

    def __init__(self, choices, **kwargs):
        super().__init__(**kwargs)
        self.choices = tuple(choices)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, bool) and value in self.choices:
            return value
        raise ValidationError("must be one of " + ", ".join(repr(c) for c in self.choices))


class StrictBoolean(fields.Field):
    """true or false, as JSON writes them (never 1 or "true")."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            return value
        raise ValidationError("must be true or false")


def _option_field(option) -> fields.Field:
    if option.kind == "boolean":
        return StrictBoolean(allow_none=True)
    if option.kind == "choice":
        return Choice(option.choices, allow_none=True)
    return WholeNumber(validate=validate.Range(min=option.minimum, max=option.maximum), allow_none=True)


@lru_cache(maxsize=None)
def rules_schema(name: str) -> Schema:
    """The shape of a variant's `rules`, from its typed options."""
    variant = registry.named(name)
    shape = {option.name: _option_field(option) for option in variant.options}
    return Schema.from_dict(shape, name=f"{name.title()}Rules")(unknown=RAISE)


class CreateGameSchema(Schema):
    class Meta:
        unknown = RAISE

    variant = fields.String(load_default=registry.DEFAULT, validate=validate.OneOf(sorted(registry.VARIANTS)))
    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(min=1, max=16))
    rules = fields.Dict(load_default=None, allow_none=True)
    deck = fields.List(CARD, load_default=None, allow_none=True, validate=validate.Length(max=108))
    name = fields.String(load_default=None, validate=validate.Length(min=1, max=GAME_NAME))  # shown in the lobby
    listed = JsonBoolean(load_default=False)  # an open game shown in GET /lobby, joined without the invite
    # the deals (docs/audit.md): a commitment offered by POST /commitments, and the seats' seeds
    commitment = fields.String(load_default=None, validate=validate.Regexp(r"^[0-9a-f]{64}$"))
    seeds = fields.List(fields.Nested(Schema.from_dict(
        {"seat": WholeNumber(required=True, validate=validate.Range(min=0, max=15)),
         "seed": fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{32,128}$"))},
        name="SeedIn")(unknown=RAISE)), load_default=list, validate=validate.Length(max=16))

    @post_load
    def build(self, data, **_):
        try:
            data["rules"] = rules_schema(data["variant"]).load(data["rules"] or {})
        except ValidationError as e:
            raise ValidationError({"rules": e.messages}) from None
        return data


_KINDS = {
    "card": lambda: CARD,
    "cards": lambda: fields.List(CARD, validate=validate.Length(min=1, max=24)),
    "meld": lambda: fields.String(validate=validate.Length(min=1, max=12)),
    # gin: the pile drawn from, melds as lists of cards, lay-offs on the knocker's melds (by index)
    "pile": lambda: fields.String(validate=validate.OneOf(["stock", "discard"])),
    "melds": lambda: fields.List(fields.List(CARD, validate=validate.Length(min=3, max=13)),
                                 validate=validate.Length(max=10)),
    "layoffs": lambda: fields.List(fields.Nested(Schema.from_dict(
        {"meld": WholeNumber(required=True, validate=validate.Range(min=0, max=9)),
         "cards": fields.List(CARD, required=True, validate=validate.Length(min=1, max=10))},
        name="GinLayoff")(unknown=RAISE)), validate=validate.Length(max=10)),
    # fortune: the stand-in of each deuce played, in the order of the deuces (empty when none)
    "wild": lambda: fields.List(CARD, validate=validate.Length(min=0, max=8)),
    # melds with their jokers' stand-ins (an opening's), and a yes or no (whether it takes the top discard)
    "wild_melds": lambda: fields.List(fields.Nested(Schema.from_dict(
        {"cards": fields.List(CARD, required=True, validate=validate.Length(min=1, max=13)),
         "wild": fields.List(CARD, required=True, validate=validate.Length(min=0, max=4))},
        name="WildMeld")(unknown=RAISE)), validate=validate.Length(min=1, max=8)),
    "flag": lambda: StrictBoolean(),
    # a whole new table: its groups of cards (each group judged a meld by the rules)
    "table": lambda: fields.List(fields.List(CARD, validate=validate.Length(min=1, max=13)),
                                 validate=validate.Length(min=1, max=40)),
}


@lru_cache(maxsize=None)
def action_schema(name: str) -> Schema:
    """The shape of an action body in a game of this variant: `type`, and the
    parameters that type declares (domain/kernel/bodies.py)."""
    commands = registry.named(name).commands
    shape = {"type": fields.String(required=True, validate=validate.OneOf(sorted(commands)))}
    for cls in commands.values():
        for param in cls.params:
            shape.setdefault(param.key, _KINDS[param.kind]())
    needs = {action: {p.key for p in cls.params} for action, cls in commands.items()}

    class ActionSchema(Schema.from_dict(shape, name=f"{name.title()}Action")):
        @validates_schema
        def fields_fit_the_type(self, data, **_):
            needed = needs.get(data.get("type"), set())
            given = set(data) - {"type"}
            errors = {key: ["required for this action type"] for key in needed - given}
            errors.update({key: [f"not allowed for {data.get('type')}"] for key in given - needed})
            if errors:
                raise ValidationError(errors)

    return ActionSchema(unknown=RAISE)


class WebhookSchema(Schema):
    class Meta:
        unknown = RAISE

    url = fields.String(required=True, validate=validate.Length(min=1, max=2000))

"""Request bodies at the edge: marshmallow checks the shape before the domain is
touched (a bad shape is 422, with the field errors), and `post_load` builds the
domain's frozen commands."""

from functools import partial

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

from domain.bots import POLICIES
from domain.commands import Discard, Draw, LayOff, Meld, Pickup, Player
from domain.rules import ACE_RULES, Rules

CARD = fields.String(validate=validate.Length(min=2, max=3))


class PlayerSchema(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    bot = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(sorted(POLICIES)))

    @post_load
    def build(self, data, **_):
        return Player(data["name"], data["bot"])


class WholeNumber(fields.Integer):
    """A whole number as JSON Schema counts one: 586 or 586.0, never "586" or true."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("Not a valid integer.")
        return super()._deserialize(value, attr, data, **kwargs)


class DecksField(fields.Field):
    """`decks` is "auto", 1 or 2: a string or a whole number, nothing else."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, float) and value in (1.0, 2.0):
            value = int(value)
        if value in ("auto", 1, 2) and not isinstance(value, bool):
            return value
        raise ValidationError('must be "auto", 1 or 2')


class RulesSchema(Schema):
    class Meta:
        unknown = RAISE

    ace_rule = fields.String(validate=validate.OneOf(ACE_RULES), allow_none=True)
    target_score = WholeNumber(validate=validate.Range(min=1, max=10**6), allow_none=True)
    decks = DecksField(allow_none=True)
    hands = WholeNumber(validate=validate.Range(min=1, max=1000), allow_none=True)
    turn_timeout_s = WholeNumber(validate=validate.Range(min=1, max=30 * 86400), allow_none=True)

    @post_load
    def build(self, data, **_):
        return Rules.from_dict(data)


class CreateGameSchema(Schema):
    class Meta:
        unknown = RAISE

    players = fields.List(fields.Nested(PlayerSchema), required=True, validate=validate.Length(min=1, max=16))
    rules = fields.Nested(RulesSchema, load_default=None, allow_none=True)
    deck = fields.List(CARD, load_default=None, allow_none=True, validate=validate.Length(max=104))

    @post_load
    def build(self, data, **_):
        data["rules"] = data["rules"] or Rules()
        return data


_BUILDERS = {"pickup": Pickup, "draw": Draw, "meld": Meld, "layoff": LayOff, "discard": Discard}
_NEEDS = {"pickup": set(), "draw": set(), "meld": {"cards"}, "layoff": {"meld", "cards"}, "discard": {"card"}}


class ActionSchema(Schema):
    """One action; `load` returns a builder: call it with the acting seat."""

    class Meta:
        unknown = RAISE

    type = fields.String(required=True, validate=validate.OneOf(sorted(_BUILDERS)))
    cards = fields.List(CARD, validate=validate.Length(min=1, max=24))
    meld = fields.String(validate=validate.Length(min=1, max=12))
    card = CARD

    @validates_schema
    def fields_fit_the_type(self, data, **_):
        needed = _NEEDS.get(data.get("type"), set())
        given = set(data) - {"type"}
        errors = {name: ["required for this action type"] for name in needed - given}
        errors.update({name: [f"not allowed for {data.get('type')}"] for name in given - needed})
        if errors:
            raise ValidationError(errors)

    @post_load
    def build(self, data, **_):
        kind = data["type"]
        if kind == "meld":
            return partial(Meld, cards=tuple(data["cards"]))
        if kind == "layoff":
            return partial(LayOff, meld_id=data["meld"], cards=tuple(data["cards"]))
        if kind == "discard":
            return partial(Discard, card=data["card"])
        return _BUILDERS[kind]


class WebhookSchema(Schema):
    class Meta:
        unknown = RAISE

    url = fields.String(required=True, validate=validate.Length(min=1, max=2000))

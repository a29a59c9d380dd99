"""Request bodies of the players, lobby and play-by-mail endpoints (service/http/people.py),
checked at the edge like every body (service/http/schemas.py): a bad shape is 422."""

import re

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate

from domain.kernel.players import MAX_NAME, clean_name

from .schemas import JsonBoolean, WholeNumber

MAX_EMAIL = 254
#: one @, a dot in the domain, no space, control or separator (nothing that could break a mail
#: header); openapi.yaml's `Email` has the same pattern, character for character
_NOT = "@\\x00-\\x20\\x7f-\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff<>,;\""
EMAIL = re.compile(f"[^{_NOT}]+@[^{_NOT}]+\\.[^{_NOT}.]+")


def checked_name(value: str | None, key: str = "name") -> str | None:
    if value is None:
        return None
    name = clean_name(value)
    if not name or len(name) > MAX_NAME:
        raise ValidationError({key: [f"1 to {MAX_NAME} visible characters"]})
    return name


def _email(value: str) -> None:
    if not EMAIL.fullmatch(value):
        raise ValidationError("not an e-mail address")


class NewPlayerSchema(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=MAX_NAME))
    email = fields.String(load_default=None, allow_none=True,
                          validate=[validate.Length(min=3, max=MAX_EMAIL), _email])

    @post_load
    def build(self, data, **_):
        return {**data, "name": checked_name(data["name"])}


class NoticesSchema(Schema):
    class Meta:
        unknown = RAISE

    email = JsonBoolean(required=True)  # e-mail notices on or off (the unsubscribe link turns them off)


class PatchMeSchema(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(validate=validate.Length(min=1, max=MAX_NAME))
    email = fields.String(allow_none=True, validate=[validate.Length(min=3, max=MAX_EMAIL), _email])
    notices = fields.Nested(NoticesSchema)

    @post_load
    def build(self, data, **_):
        if "name" in data:
            data["name"] = checked_name(data["name"])
        return data


class JoinSchema(Schema):
    class Meta:
        unknown = RAISE

    invite = fields.String(load_default=None, validate=validate.Length(min=1, max=100))
    name = fields.String(load_default=None, validate=validate.Length(min=1, max=MAX_NAME))
    seat = WholeNumber(load_default=None, validate=validate.Range(min=0, max=99))

    @post_load
    def build(self, data, **_):
        return {**data, "name": checked_name(data["name"])}

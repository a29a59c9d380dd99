"""Request bodies of the players, lobby and play-by-mail endpoints (service/http/people.py),
checked at the edge like every body (service/http/schemas.py): a bad shape is 422."""

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate

from domain.kernel.players import MAX_NAME

from .names import AddressRefused, checked_address, shown_name
from .schemas import JsonBoolean, WholeNumber

MAX_EMAIL = 254
MAX_LABEL = 80  # a token's label (openapi.yaml NewToken)


def checked_name(value: str | None, key: str = "name") -> str | None:
    if value is None:
        return None
    name = shown_name(value)
    if not name or len(name) > MAX_NAME:
        raise ValidationError({key: [f"1 to {MAX_NAME} visible characters"]})
    return name


def checked_email(value: str | None, key: str = "email") -> str | None:
    """The address as kept (service/http/names.py), None for none."""
    if value is None:
        return None
    try:
        return checked_address(value)
    except AddressRefused as e:
        raise ValidationError({key: [f"not an e-mail address: {e}"]}) from None


class NewPlayerSchema(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=MAX_NAME))
    email = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=3, max=MAX_EMAIL))

    @post_load
    def build(self, data, **_):
        return {**data, "name": checked_name(data["name"]), "email": checked_email(data["email"])}


class NoticesSchema(Schema):
    class Meta:
        unknown = RAISE

    email = JsonBoolean(required=True)  # e-mail notices on or off (the unsubscribe link turns them off)


class PatchMeSchema(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(validate=validate.Length(min=1, max=MAX_NAME))
    email = fields.String(allow_none=True, validate=validate.Length(min=3, max=MAX_EMAIL))
    notices = fields.Nested(NoticesSchema)

    @post_load
    def build(self, data, **_):
        if "name" in data:
            data["name"] = checked_name(data["name"])
        if "email" in data:
            data["email"] = checked_email(data["email"])
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


class SignInSchema(Schema):
    class Meta:
        unknown = RAISE

    email = fields.String(required=True, validate=validate.Length(min=3, max=MAX_EMAIL))


class ConfirmSignInSchema(Schema):
    class Meta:
        unknown = RAISE

    email = fields.String(required=True, validate=validate.Length(min=3, max=MAX_EMAIL))
    code = fields.String(required=True, validate=validate.Regexp(r"^\s*[0-9]{8}\s*$", error="the 8 digits mailed"))


class NewTokenSchema(Schema):
    class Meta:
        unknown = RAISE

    label = fields.String(load_default="", validate=validate.Length(max=MAX_LABEL))

    @post_load
    def shown(self, data, **_):
        # cleaned as a name is (controls and format characters out); a label that would look blank is no
        # label: it is only a note for the player's own list, and refusing it would refuse the token
        return {"label": shown_name(data["label"])}

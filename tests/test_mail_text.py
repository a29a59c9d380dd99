"""What of a mail is read as commands (service/app/inbound.py): its first lines,
up to the first blank line, never a quoted line, an attribution or a
signature; and which mail is no person's to answer."""

import email.policy
from email.message import EmailMessage

import pytest

from service.app.inbound import answered_ids, command_lines, ignored_why, message_id_of, parse


@pytest.mark.parametrize("body, commands", [
    ("1\n\nOn Thu, Iceberg wrote:\n> 1. draw stock\n", ["1"]),
    ("draw stock\ndiscard 7H\n\n-- \nAnn\n", ["draw stock", "discard 7H"]),
    ("\n\n  3  \n", ["3"]),
    ("> 1. pass\n> 2. draw discard\n\n2\n", ["2"]),  # answered below the quote
    ("Iceberg <games@play.test> wrote:\n> 1. pass\n2\n", ["2"]),
    ("resign\n-- \n1\n", ["resign"]),
    ("extend\n-----Original Message-----\nFrom: Iceberg\n1. pass\n", ["extend"]),
    ("", []),
])
def test_the_commands_of_a_mail(body, commands):
    assert command_lines(body) == commands


def mail(**headers) -> object:
    message = EmailMessage(policy=email.policy.default)
    message["From"] = headers.pop("From", "ann@example.org")
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content("1\n")
    return parse(message.as_bytes())


@pytest.mark.parametrize("headers, envelope, why", [
    ({}, "ann@example.org", None),
    ({"Auto_Submitted": "no"}, "ann@example.org", None),
    ({}, "", "bounce"), ({}, "<>", "bounce"),
    ({"Auto_Submitted": "auto-replied"}, "ann@example.org", "Auto-Submitted"),
    ({"Auto_Submitted": "auto-generated; owner-email=x@example.org"}, "ann@example.org", "Auto-Submitted"),
    ({"Precedence": "junk"}, "ann@example.org", "Precedence"),
    ({"X_Autoreply": "yes"}, "ann@example.org", "X-Autoreply"),
    ({"List_Id": "<l.example.org>"}, "ann@example.org", "List-Id"),
    ({"X_Loop": "play.test"}, "ann@example.org", "X-Loop"),
    ({"From": "games@play.test"}, "games@play.test", "our own domain"),
    ({"From": "a@example.org, b@example.org"}, "a@example.org", "no sender"),
])
def test_mail_no_person_wrote_is_told_apart(headers, envelope, why):
    found = ignored_why(mail(**headers), envelope, "play.test")
    assert (found is None) if why is None else (why in found)


def test_message_ids_are_taken_only_when_well_formed():
    good = mail(Message_ID="<a.1@example.org>", In_Reply_To="<n@iceberg.test>", References="<x@y> <n@iceberg.test>")
    assert message_id_of(good, b"") == "<a.1@example.org>"
    assert answered_ids(good) == ["<n@iceberg.test>", "<n@iceberg.test>", "<x@y>"]
    made = message_id_of(mail(), b"the bytes")
    assert made == message_id_of(mail(), b"the bytes") and made.endswith("@received>")

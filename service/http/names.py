"""What people type that others will see or that mail goes to: names (of
players and games) and e-mail addresses, checked at the edge.

A name is cleaned as the game records it (domain/kernel/players.py
`clean_name`: NFC, no controls, format or separator characters, trimmed),
then refused if it would look blank: if no character is left once white
space, default-ignorable code points (Unicode's Default_Ignorable_Code_Point:
the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, variation selectors, ...)
and other blank-looking ones (U+2800, the blank Braille pattern) are set
aside. openapi.yaml's `PlayerName` and `GameName` patterns say the same, code
point for code point (tests/test_names.py holds them to it).

An e-mail address is checked by email-validator (syntax only, no DNS): one
address, no domain literal (`bo@[127.0.0.1]`), no empty label
(`bo@example..org`), no special-use domain (`.test`, `.local`, ...), nothing
but ASCII before the @ (so no bidi or zero-width character) and a domain IDNA
accepts; nor may it hold `=?`, which mail headers would read as the start of
an RFC 2047 encoded word (workers/mail.py). It is kept in its ASCII form (an
internationalised domain as punycode), which any SMTP server takes.
"""

import regex
from email_validator import EmailNotValidError, validate_email

from domain.kernel.players import clean_name

#: blank-looking code points that are not default-ignorable
BLANK_LOOKING = "\u2800"
_VISIBLE = regex.compile(r"[^\s\p{Default_Ignorable_Code_Point}" + BLANK_LOOKING + "]")


def shown_name(value: str) -> str:
    """The name as recorded; empty if it would look blank."""
    name = clean_name(value)
    return name if _VISIBLE.search(name) else ""


def looks_blank(char: str) -> bool:
    """Whether a character alone would leave a name looking blank (after cleaning)."""
    return not _VISIBLE.search(char)


class AddressRefused(ValueError):
    pass


def checked_address(value: str) -> str:
    """The address as kept (ASCII, the domain lower-cased), or AddressRefused saying why."""
    if "=?" in value:
        raise AddressRefused("an address may not hold '=?' (the start of an encoded word in mail headers)")
    try:
        return validate_email(value, check_deliverability=False, allow_smtputf8=False).ascii_email
    except EmailNotValidError as e:
        raise AddressRefused(str(e)) from None

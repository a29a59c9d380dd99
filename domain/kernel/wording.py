"""The command language of play by mail: an action body as one line of words
and back, for every variant, generated from the action bodies the variant
declares (each command's `action` and `params`: kernel/bodies.py), so no
variant writes a parser of its own.

    draw                          {"type": "draw"}
    draw discard                  {"type": "draw", "from": "discard"}
    discard 7H                    {"type": "discard", "card": "7H"}
    meld 7S 8S 9S                 {"type": "meld", "cards": ["7S", "8S", "9S"]}
    layoff 9C on m1               {"type": "layoff", "meld": "m1", "cards": ["9C"]}
    meld 4S 4D 2H wild 4S         {"type": "meld", "cards": [...], "wild": ["4S"]}
    knock 5C melds 8S 8H 8D, 10C JC QC
    show melds 2S 3S 4S layoffs 5S 6S on 0, 7H on 1

A line is the action's type, then its parameters in the order declared: the
first one that is a card, cards or a pile is written bare, each other after a
keyword (its JSON key; `on` for a table meld's id). A list left out is empty.
A kind of parameter this module has no words for (a variant's new one) is
written as compact JSON after its keyword, and any value may be given as JSON;
a body whose words would not read back as the same body is written
`<type> {<its parameters as JSON>}`. So every body has a line that reads back
as itself (`line_of` checks it before answering), whatever variants are
registered. Card codes and words are read without regard to case.
"""

import json
import re

from .bodies import Param

BARE_KINDS = ("card", "cards", "pile")  # the first of these a command has is written without a keyword
LIST_KINDS = ("cards", "wild", "melds", "layoffs")  # left out: empty
MELD_WORD = "on"  # the keyword of a table meld's id: `layoff 9C on m1`
LAYOFF_WORD = "on"  # inside lay-offs: `5S 6S on 0`
_JSON_START = '[{"'
_TOKEN = re.compile(r"[^\s,]+")
_DECODER = json.JSONDecoder()


class Unreadable(ValueError):
    """A line that is no action of this game: the message says why, in words."""


def line_of(commands: dict, body: dict) -> str:
    """The line that stands for a (legal, well-formed) action body."""
    cls = commands[body["type"]]
    bare = _bare(cls)
    parts = [body["type"]]
    for param in cls.params:
        value = body.get(param.key)
        if param.kind in LIST_KINDS and value == []:
            continue
        words = _written(param, value)
        if param is not bare:
            words = f"{_keyword(param)} {words}"
        parts.append(words)
    line = " ".join(parts)
    try:
        if read_line(commands, line) == body:
            return line
    except Unreadable:
        pass
    rest = {k: v for k, v in body.items() if k != "type"}
    return f"{body['type']} {json.dumps(rest, separators=(',', ':'))}"


def read_line(commands: dict, line: str) -> dict:
    """The action body a line asks for (its shape; the rules judge the rest)."""
    scanner = _Scanner(line.strip().rstrip("."))
    word = scanner.token()
    if word is None:
        raise Unreadable("an empty line")
    kind = word.lower().replace("-", "_")
    cls = commands.get(kind)
    if cls is None:
        raise Unreadable(f"{word!r} is not a move of this game; its moves are {', '.join(sorted(commands))}")
    if scanner.starts_json() and scanner.peek_char() == "{":
        rest = scanner.json()
        if not isinstance(rest, dict) or not scanner.done():
            raise Unreadable("after the move's name, {…} must hold its parameters and nothing may follow")
        return {"type": kind, **rest}
    bare = _bare(cls)
    keyed = {_keyword(p): p for p in cls.params if p is not bare}
    values = {}
    while not scanner.done():
        token = scanner.peek()
        if token is not None and token.lower() in keyed:
            scanner.token()
            param = keyed[token.lower()]
        elif bare is not None and bare.key not in values:
            param = bare
        else:
            raise Unreadable(f"{kind} does not take {scanner.peek() or scanner.peek_char()!r} there")
        if param.key in values:
            raise Unreadable(f"{kind} takes {_keyword(param)} once")
        values[param.key] = _read(scanner, param, set(keyed))
    for param in cls.params:
        if param.key not in values:
            if param.kind not in LIST_KINDS:
                raise Unreadable(f"{kind} needs {'a ' + param.kind if param is bare else _keyword(param)}"
                                 f" (for example: {example(cls)})")
            values[param.key] = []
    return {"type": kind, **{p.key: values[p.key] for p in cls.params}}


def example(cls) -> str:
    """How a command of this class is written, with a placeholder for each parameter."""
    bare = _bare(cls)
    parts = [cls.action]
    for param in cls.params:
        shown = _PLACEHOLDERS.get(param.kind, "<json>")
        parts.append(shown if param is bare else f"{_keyword(param)} {shown}")
    return " ".join(parts)


_PLACEHOLDERS = {"card": "<card>", "cards": "<cards>", "pile": "stock|discard", "meld": "<meld>",
                 "wild": "<cards>", "melds": "<cards>, <cards>", "layoffs": "<cards> on <n>, ..."}


def _bare(cls) -> Param | None:
    return next((p for p in cls.params if p.kind in BARE_KINDS), None)


def _keyword(param: Param) -> str:
    return MELD_WORD if param.kind == "meld" else param.key.lower()


def _cards(value) -> str:
    return " ".join(value)


def _written(param: Param, value) -> str:
    kind = param.kind
    if kind in ("card", "pile", "meld") and isinstance(value, str) and _TOKEN.fullmatch(value):
        return value
    if kind in ("cards", "wild") and _card_list(value):
        return _cards(value)
    if kind == "melds" and isinstance(value, list) and value and all(_card_list(m) and m for m in value):
        return ", ".join(_cards(m) for m in value)
    if kind == "layoffs" and isinstance(value, list) and value and all(
            isinstance(x, dict) and set(x) == {"meld", "cards"} and isinstance(x["meld"], int)
            and _card_list(x["cards"]) and x["cards"] for x in value):
        return ", ".join(f"{_cards(x['cards'])} {LAYOFF_WORD} {x['meld']}" for x in value)
    return json.dumps(value, separators=(",", ":"))


def _card_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) and _TOKEN.fullmatch(c) for c in value)


def _read(scanner: "_Scanner", param: Param, keywords: set):
    if scanner.starts_json():
        return scanner.json()
    kind = param.kind

    def one(what: str) -> str:
        token = scanner.token()
        if token is None:
            raise Unreadable(f"{what} is missing")
        return token

    if kind == "card":
        return one("a card").upper()
    if kind == "pile":
        return one("the pile (stock or discard)").lower()
    if kind == "meld":
        return one("the meld's number")
    if kind in ("cards", "wild"):
        return _card_run(scanner, keywords)
    if kind == "melds":
        return _groups(scanner, keywords, lambda: _card_run(scanner, keywords))
    if kind == "layoffs":
        def layoff():
            cards = _card_run(scanner, keywords | {LAYOFF_WORD})
            if (scanner.token() or "").lower() != LAYOFF_WORD:
                raise Unreadable(f"a lay-off is written <cards> {LAYOFF_WORD} <meld number>")
            number = one("the meld's number")
            if not number.isdigit():
                raise Unreadable(f"{number!r} is not a meld's number")
            return {"meld": int(number), "cards": cards}
        return _groups(scanner, keywords - {LAYOFF_WORD}, layoff)
    raise Unreadable(f"{_keyword(param)} is given as JSON")


def _card_run(scanner: "_Scanner", stop: set) -> list:
    cards = []
    while (token := scanner.peek()) is not None and token.lower() not in stop:
        cards.append(scanner.token().upper())
    return cards


def _groups(scanner: "_Scanner", stop: set, group) -> list:
    found = [group()]
    while scanner.peek_char() == ",":
        scanner.comma()
        found.append(group())
    return found


class _Scanner:
    """Words of a line, one at a time (a comma is a word of its own), and JSON where a value starts with one."""

    def __init__(self, text: str):
        self.text, self.at = text, 0

    def _skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1

    def done(self) -> bool:
        self._skip()
        return self.at >= len(self.text)

    def peek_char(self) -> str | None:
        self._skip()
        return self.text[self.at] if self.at < len(self.text) else None

    def starts_json(self) -> bool:
        return (self.peek_char() or "") in _JSON_START

    def peek(self) -> str | None:
        """The next word, or None at the end, at a comma or at JSON."""
        self._skip()
        found = _TOKEN.match(self.text, self.at)
        return found.group() if found and not self.starts_json() else None

    def token(self) -> str | None:
        word = self.peek()
        if word is not None:
            self.at += len(word)
        return word

    def comma(self) -> None:
        self._skip()
        self.at += 1

    def json(self):
        self._skip()
        try:
            value, self.at = _DECODER.raw_decode(self.text, self.at)
        except ValueError as e:
            raise Unreadable(f"not JSON: {e}") from None
        return value

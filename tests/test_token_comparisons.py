"""Tokens are never compared with `==` (the token-timing probe of issue 23,
kept as a rule over the code): a token given by a client is either hashed and
looked up, or compared with `hmac.compare_digest`, whose time does not tell
how much of it was right. This reads every module of the server and finds
each `==` or `!=` with a token, a secret, an invite or a code on either side
(a token's public id, what a lookup by its hash finds, a kind or a count aside)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET = re.compile(r"token|secret|invite|salt|code_hash|admin", re.I)
PUBLIC = re.compile(r"by_token\(|player_token\(|token_id|_id\b|\bkind\b|type|len\(|count|None|tokens\)|\.get\(\"kind", re.I)


def comparisons_of_secrets(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops):
            sides = [ast.get_source_segment(source, side) or "" for side in (node.left, *node.comparators)]
            if any(SECRET.search(side) and not PUBLIC.search(side) for side in sides):
                found.append(" == ".join(sides))
    return found


def test_no_token_secret_or_invite_is_compared_with_equals():
    found = {}
    for path in sorted((ROOT / "service").rglob("*.py")):
        hits = comparisons_of_secrets(path.read_text())
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    assert found == {}


def test_the_rule_finds_a_token_compared_with_equals():
    assert comparisons_of_secrets("ok = given_token == admin_token") == ["given_token == admin_token"]
    assert comparisons_of_secrets("ok = hmac.compare_digest(given_token, admin_token)") == []
    assert comparisons_of_secrets("same = token_id_of(first) == token_id") == []

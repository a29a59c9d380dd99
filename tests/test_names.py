"""Names that would look blank and e-mail addresses that are not plain ones
are refused at the edge (service/http/names.py), wherever a name or an
address comes in: a player, a seat, a game, a join, PATCH /me. openapi.yaml's
name patterns exclude exactly the code points the server sets aside."""

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from tests.test_api_contract import problem
from tests.test_api_players import register

#: each looks blank: Hangul fillers, the blank Braille pattern, and mixes with spaces and joiners
BLANK = ["\u3164", "\u2800", "\u3164\u2800", " \u3164 ", "\uffa0", "\u115f\u1160", "\u2800\u200b\u2800",
         "\ufe0f", "\u034f"]
#: each holds a bidi or zero-width character, a domain literal, an empty label, a special-use domain,
#: a line break or an encoded word
NOT_ADDRESSES = ["b\u202eo@example.org", "b\u200bo@example.org", "bo@exa\u200bmple.org", "bo@[127.0.0.1]",
                 "bo@example..org", "bo@example.test", "bo@localhost", "a@b.c\nBcc: x@y.z",
                 "=?utf-8?q?=0D=0ABcc=3Ax?=@example.org"]


@pytest.mark.parametrize("name", BLANK)
def test_a_name_that_would_look_blank_is_refused_everywhere(client, name):
    problem(client.post("/players", json={"name": name}), 422, "invalid_request")
    ann = register(client, "Ann")
    problem(client.call("PATCH", "/me", ann["token"], json={"name": name}), 422, "invalid_request")
    problem(client.post("/games", json={"players": [{"name": name}, {"name": "Bo"}]}), 422, "invalid_request")
    problem(client.post("/games", json={"name": name, "players": [{"name": "Ann"}, {"name": "Bo"}]}), 422,
            "invalid_request")
    game = client.post("/games", token=ann["token"], json={"players": [{"player": "me"}, {"open": True}]})
    problem(client.post(f"/games/{game.get_json()['id']}/join",
                        json={"invite": game.get_json()["invite"], "name": name}), 422, "invalid_request")
    assert client.get("/me", token=ann["token"]).get_json()["name"] == "Ann"


def test_a_name_with_a_filler_beside_visible_characters_is_kept():
    from service.http.names import shown_name

    assert shown_name("Ann\u3164") == "Ann\u3164" and shown_name(" Bo\u2800 ") == "Bo\u2800"


@pytest.mark.parametrize("address", NOT_ADDRESSES)
def test_an_address_that_is_not_a_plain_one_is_refused(client, address):
    problem(client.post("/players", json={"name": "Bo", "email": address}), 422, "invalid_request")
    bo = register(client, "Bo")
    problem(client.call("PATCH", "/me", bo["token"], json={"email": address}), 422, "invalid_request")
    assert client.get("/me", token=bo["token"]).get_json()["email"] is None


def test_an_address_is_kept_in_its_ascii_form(client):
    bo = register(client, "Bo", "Bo.Smith@Example.ORG")
    assert client.get("/me", token=bo["token"]).get_json()["email"] == "Bo.Smith@example.org"
    changed = client.call("PATCH", "/me", bo["token"], json={"email": "bo@bücher.example"}).get_json()
    assert changed["email"] == "bo@xn--bcher-kva.example"


def test_the_spec_s_name_patterns_set_aside_exactly_what_the_server_does():
    spec = yaml.safe_load((Path(__file__).parent.parent / "openapi.yaml").read_text())
    schemas = spec["components"]["schemas"]
    patterns = {schemas[name]["pattern"] for name in ("PlayerName", "GameName")}
    assert len(patterns) == 1
    visible = re.compile(patterns.pop())
    planes = [*range(0x30000), *range(0xE0000, 0xE1000)]
    differ = [f"U+{cp:04X}" for cp in planes if not 0xD800 <= cp <= 0xDFFF
              and bool(visible.fullmatch(chr(cp))) != server_keeps(chr(cp))]
    assert differ == []


def server_keeps(char: str) -> bool:
    """Whether the server counts the character as visible (it is neither removed nor blank-looking)."""
    from service.http.names import looks_blank

    return unicodedata.category(char) not in ("Cc", "Cf", "Zl", "Zp") and not looks_blank(char)

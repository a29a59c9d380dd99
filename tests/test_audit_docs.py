"""docs/audit.md says what the code does: its table of stored forms is the
registry's, and its two Python blocks (an event's hash, a deck by hand) run
as printed on a real export and agree with it."""

import contextlib
import io
import json
import re
import sys
from pathlib import Path

from domain import registry
from projections.audit.entries import hands_by_version
from tests.test_audit_verify import finished, served  # noqa: F401 (fixtures: a finished game of each variant)

DOC = Path(__file__).resolve().parent.parent / "docs" / "audit.md"


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


def forms_table() -> str:
    rows = {}
    for name, variant in sorted(registry.VARIANTS.items()):
        for form in variant.stored:
            rows.setdefault((form.name, form.code, form.version, form.fields, form.joined), []).append(name)
    lines = ["| type | code | version | values, in order | variants |", "|---|---|---|---|---|"]
    for (name, code, version, fields, joined), names in sorted(rows.items(), key=lambda r: (r[0][1].lower(), r[0][1])):
        values = ", ".join(f"`{f}`" + (" (joined)" if f in joined else "") for f in fields)
        shown = "all" if len(names) == len(registry.VARIANTS) else ", ".join(names)
        lines.append(f"| `{name}` | `{code}` | {version} | {values} | {shown} |")
    return "\n".join(lines)


def test_the_table_of_stored_forms_is_the_registry_s():
    printed = DOC.read_text().split("<!-- forms -->\n", 1)[1].split("\n<!-- /forms -->", 1)[0]
    assert printed == forms_table()


def test_the_hash_of_an_event_as_the_page_prints_it(finished):  # noqa: F811
    scope: dict = {}
    exec(_blocks()[0], scope)
    for doc in finished.values():
        events = doc["events"]
        hands = hands_by_version((e["type"], e["data"]) for e in events)
        assert [scope["event_hash"](e, h, doc["forms"]) for e, h in zip(events, hands, strict=True)] == \
               [e["hash"] for e in events]


def test_a_deck_by_hand_as_the_page_prints_it(finished, tmp_path, monkeypatch):  # noqa: F811
    for variant, doc in finished.items():
        path = tmp_path / f"{variant}.json"
        path.write_text(json.dumps(doc))
        for hand in doc["hands"]:
            monkeypatch.setattr(sys, "argv", ["deck.py", str(path), str(hand["hand"])])
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(_blocks()[1], {"__name__": "__main__"})
            assert out.getvalue() == f"hand {hand['hand']}: the secret leads to the commitment and deals " \
                                     f"{' '.join(hand['deck'])}\n"

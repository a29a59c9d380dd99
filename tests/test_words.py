"""The web pages' words (service/http/web/static/words.json, read by words.js):
every problem `code` the server can send, every turn phase, every
`GameEnded.reason` and every variant's `HandEnded.reason` has words for a
person, so that no page shows a bare code. The codes come from the spec
(openapi.yaml) and the domain (every rule violation, every variant's declared
hand-end reasons, the kernel's game-end reasons), not from a list kept here."""

import dataclasses
import json
import typing
from pathlib import Path

import yaml

from domain import registry
from domain.kernel import ending, errors, narration

ROOT = Path(__file__).resolve().parent.parent
WORDS = json.loads((ROOT / "service/http/web/static/words.json").read_text())
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text())["components"]["schemas"]


def missing(table: dict, codes) -> list:
    """The codes without words (an empty or code-like entry counts as none)."""
    return sorted(c for c in codes if not isinstance(table.get(c), str) or not table[c].strip() or table[c] == c)


def test_every_problem_code_of_the_spec_and_the_domain_has_words():
    codes = set(SCHEMAS["ProblemCode"]["enum"]) | {cls.code for cls in errors.violations()}
    assert {"not_your_turn", "invalid_meld", "rate_limited"} <= codes
    assert missing(WORDS["problems"], codes) == []


def test_every_game_end_reason_has_words():
    reasons = set(ending.REASONS) | set(SCHEMAS["GameEndReason"]["enum"])
    assert missing(WORDS["game_end"], reasons) == []
    assert missing(narration.GAME_ENDS, reasons) == []  # the replay's narration and the notices


def test_every_variant_s_hand_end_reasons_have_words_in_its_table():
    seen = set()
    for name, variant in registry.VARIANTS.items():
        reasons = variant.event_types()["HandEnded"].reasons
        assert reasons, name
        seen |= set(reasons)
        own = WORDS["variants"].get(name, {}).get("hand_end", {})
        assert missing({**WORDS["hand_end"], **own}, reasons) == [], name
        assert missing(narration.HAND_ENDS, reasons) == [], name
    # the spec's list of reasons is the domain's: none declared in one and not the other
    assert seen == set(SCHEMAS["HandEndReason"]["enum"])


def test_every_phase_has_words_and_the_titles_are_the_registry_s():
    phases = set(SCHEMAS["Phase"]["enum"]) | set(SCHEMAS["ReplayPhase"]["enum"])
    assert missing(WORDS["phases"], phases) == []
    assert WORDS["titles"] == {name: v.title for name, v in registry.VARIANTS.items()}
    assert set(WORDS["variants"]) <= set(registry.VARIANTS), "words for a variant the server does not host"
    for name, own in WORDS["variants"].items():
        assert set(own) <= {"phases", "hand_end", "result_fields"}, name
        assert set(own.get("phases", {})) <= phases, name


def test_every_field_of_every_variant_s_hand_result_has_words():
    """The replay's result table heads its columns with these words (replay.js)."""
    for name, variant in registry.VARIANTS.items():
        (results,) = [f for f in dataclasses.fields(variant.event_types()["HandEnded"]) if f.name == "results"]
        shown = [f.name for f in dataclasses.fields(typing.get_args(results.type)[0]) if f.name != "seat"]
        assert shown, name
        own = WORDS["variants"].get(name, {}).get("result_fields", {})
        assert missing({**WORDS["result_fields"], **own}, shown) == [], name


def test_a_missing_word_is_seen():
    assert missing({"out": "a player went out", "gin": "gin", "wall": " "}, ["out", "gin", "wall", "knock"]) == [
        "gin", "knock", "wall"]


def test_the_narration_and_the_notices_word_every_reason_never_its_code():
    """The replay's narration, the transcript and the notices tell each variant's
    every HandEnded reason and every GameEnded reason in words: "(exhausted)" or
    "(target)" never shows through."""
    from domain.kernel.telling import narrate

    codes = set(ending.REASONS) | {r for v in registry.VARIANTS.values() for r in v.event_types()["HandEnded"].reasons}
    in_parentheses = {f"({code})" for code in codes}

    def coded(line: str) -> bool:
        return any(code in line for code in in_parentheses)

    names = ["Ann", "Bo"]
    for name, variant in registry.VARIANTS.items():
        frames = []
        for n, reason in enumerate(variant.event_types()["HandEnded"].reasons):
            frames.append({"version": n, "event": {"type": "HandEnded", "data": {
                "hand": 0, "reason": reason, "results": [], "deck": [], "salt": ""}}, "state": {}})
            notice = registry.notice_line("HandEnded", frames[-1]["event"]["data"], lambda seat: names[seat])
            assert notice and not coded(notice), (name, notice)
        for n, reason in enumerate(ending.REASONS):
            data = {"winners": [0], "totals": [5, 0], "reason": reason, "points": [5, 0], "bonuses": []}
            frames.append({"version": 100 + n, "event": {"type": "GameEnded", "data": data}, "state": {}})
            notice = registry.notice_line("GameEnded", data, lambda seat: names[seat])
            assert not coded(notice), (name, notice)
        told = narrate(variant.telling, {"players": names, "frames": frames})
        assert told and not [line for line in told if coded(line)], (name, told)
        if name == "gin":  # the one variant whose end of game says why: in words
            assert all(narration.game_end_words(reason) in " ".join(told) for reason in ending.REASONS)

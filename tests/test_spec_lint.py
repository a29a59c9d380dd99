"""Redocly CLI, a linter other tools' users run on a spec, accepts openapi.yaml:
0 errors under its recommended rules and ours (redocly.yaml: every operation
described, each with a 4xx). Its warnings are printed, not failed on. Every
`pattern` compiles as the ECMAScript regex (with the `u` flag, as JSON Schema
validators in JavaScript compile them) the OpenAPI document promises. The
pinned Node tools come from tests/node_tools.py."""

import json
import subprocess

from tests.node_tools import node_tools, run_tool
from tests.spec import spec
from tests.test_generated_client import ROOT


def test_redocly_lint_finds_no_error(capsys):
    done = run_tool(node_tools(), "redocly", "lint", "openapi.yaml", "--config", "redocly.yaml", "--format", "json",
                    cwd=ROOT)
    report = json.loads(done.stdout[done.stdout.index("{"):])
    problems = report["problems"]
    errors = [p for p in problems if p["severity"] == "error"]
    warnings = [p for p in problems if p["severity"] == "warn"]
    with capsys.disabled():
        for p in warnings:
            print(f"\nredocly warning {p['ruleId']}: {p['message'][:160]}")
    assert errors == [], json.dumps(errors, indent=1)[:4000]
    assert done.returncode == 0, done.stderr
    assert report["totals"]["errors"] == 0 and len(warnings) == report["totals"]["warnings"]


def test_every_pattern_is_an_ecmascript_regex():
    patterns = []

    def walk(node, where):
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                patterns.append(["/".join(map(str, where)), node["pattern"]])
            for key, value in node.items():
                walk(value, (*where, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*where, i))

    walk(spec(), ())
    assert len(patterns) >= 15
    check = ("const bad = []; for (const [where, p] of JSON.parse(require('fs').readFileSync(0, 'utf8'))) "
             "{ try { new RegExp(p, 'u'); } catch (e) { bad.push(where + ': ' + e.message); } } "
             "console.log(JSON.stringify(bad));")
    done = subprocess.run(["node", "-e", check], input=json.dumps(patterns), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
    names = json.dumps([p for where, p in patterns if where.endswith("PlayerName")])
    # the astral characters are in the pattern as themselves: the regex is the same in Python and ECMAScript
    found = subprocess.run(["node", "-e", "const [p] = JSON.parse(require('fs').readFileSync(0, 'utf8')); "
                            "const r = new RegExp(p, 'u'); console.log(JSON.stringify("
                            "['\\u{110bd}', '\\u{e0001}', '\\u200b', ' ', 'A', '\\u{1f600}'].map((c) => r.test(c))));"],
                           input=names, capture_output=True, text=True, timeout=60)
    assert json.loads(found.stdout) == [False, False, False, False, True, True], found.stderr

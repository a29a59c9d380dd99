"""The layering rule of ARCHITECTURE.md, checked on every import statement:
domain <- projections <- service and workers; domain is standard library only;
nothing imports tests or bench."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("domain", "projections", "service", "workers")
ALLOWED = {
    "domain": {"domain"},
    "projections": {"domain", "projections"},
    "service": {"domain", "projections", "service"},
    "workers": {"domain", "projections", "service", "workers"},
}
STDLIB = set(sys.stdlib_module_names)


def imports_of(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    package = path.relative_to(ROOT).parts[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            yield package if node.level else node.module.split(".")[0]


def test_each_layer_imports_only_what_it_may():
    problems = []
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            for name in imports_of(path):
                ours = name in LAYERS or name in ("tests", "bench")
                if ours and name not in ALLOWED[layer]:
                    problems.append(f"{path.relative_to(ROOT)} imports {name}")
                if layer == "domain" and not ours and name not in STDLIB:
                    problems.append(f"{path.relative_to(ROOT)} imports {name}, outside the standard library")
    assert problems == []


def test_the_checker_sees_imports_at_all():
    names = set(imports_of(ROOT / "domain" / "decide.py"))
    assert "domain" in names

"""The layering rules of docs/architecture.md, checked on every import statement:

- domain <- projections <- service and workers; domain is standard library only;
  nothing imports tests or bench;
- inside domain, kernels (domain/kernel/) import only kernels; a variant
  (domain/<variant>/) imports kernels and itself, never another variant, the
  registry or the engine; only the top-level domain modules see the registry;
- outside domain, no module names a variant: no import of a variant's package
  (variants are reached through the registry) and no string literal equal to a
  variant's name. "iceberg" is also the server's own name (its app, loggers,
  queue, command): that literal is caught only where it stands for a variant
  (compared, given as a `variant`, as the default of a "variant" key, or to
  the registry);
- one command path: under service/ and workers/ only the application service
  (service/app/commands.py) imports the engine's `play` or a variant's `decide`;
- service/ is grouped by role: the store (service/store) imports no other room
  of the service; the application service (service/app) imports the store and
  the settings; the HTTP edge (service/http) imports those and the wiring,
  never the runtime; the runtime (service/runtime) may import any room; workers
  import the store, the application service, the settings and the wiring;
- Flask and its extensions and marshmallow belong to the HTTP edge (and the
  runtime that serves it): the store, the application service, the settings,
  the wiring and the workers never import them, so a worker never loads Flask.

The checker runs on a tree given as a folder, so the probes below can show that
a tree breaking a rule fails it.
"""

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
COMMAND_PATH = "service/app/commands.py"
#: service room -> the rooms of the service it may import ("service" alone: config.py and wiring.py)
ROOMS = {
    "store": {"store"},
    "app": {"store", "app", "config"},
    "http": {"store", "app", "config", "wiring", "http"},
    "runtime": {"store", "app", "config", "wiring", "http", "runtime"},
    "config": {"config"},
    "wiring": {"store", "app", "config", "wiring"},
    "workers": {"store", "app", "config", "wiring"},
}
WEB_LIBRARIES = {"flask", "flask_cors", "flask_limiter", "marshmallow", "werkzeug"}
DECIDING = {("domain.engine", "play"), ("domain.engine", "_decide")}


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(root: Path, path: Path):
    """(imported module, imported name or None) for every import in the file,
    relative imports resolved to absolute module names."""
    tree = ast.parse(path.read_text(), filename=str(path))
    package = module_name(root, path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            for alias in node.names:
                yield module, alias.name


def variants_in(root: Path) -> set[str]:
    return {p.name for p in (root / "domain").iterdir()
            if p.is_dir() and p.name not in ("kernel", "__pycache__") and (p / "__init__.py").exists()}


def room_of(parts) -> str | None:
    """The room of a module under service/ (or "workers"), from its path or dotted name's parts."""
    parts = [p.removesuffix(".py") for p in parts]
    if parts[0] == "workers":
        return "workers"
    if parts[0] != "service" or len(parts) < 2:
        return None
    return parts[1] if parts[1] in ROOMS else None
PRODUCT = "iceberg"  # the server's name, which its first variant shares


def names_a_variant(root: Path, path: Path, variants: set[str]) -> list[tuple[int, str]]:
    """(line, name) of every string literal in the module that names a variant."""
    tree = ast.parse(path.read_text(), filename=str(path))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in variants:
            if node.value != PRODUCT or _as_a_variant(node, parents):
                found.append((node.lineno, node.value))
    return found


def _as_a_variant(node, parents) -> bool:
    """The server's name where it stands for a variant: compared, given as a
    variant, the default of a "variant" key, or handed to the registry."""
    parent = parents.get(node)
    if isinstance(parent, ast.Compare) or (isinstance(parent, ast.keyword) and parent.arg == "variant"):
        return True
    if isinstance(parent, ast.Dict) and any(isinstance(k, ast.Constant) and k.value == "variant" and v is node
                                            for k, v in zip(parent.keys, parent.values)):
        return True
    if isinstance(parent, ast.Call):
        func = parent.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        owner = func.value if isinstance(func, ast.Attribute) else None
        if isinstance(owner, ast.Name) and owner.id == "registry":
            return True
        first = parent.args[0] if parent.args else None
        if name in ("get", "setdefault", "pop") and isinstance(first, ast.Constant) and first.value == "variant":
            return True
    return False


def problems_in(root: Path) -> list[str]:
    problems = []
    variants = variants_in(root)
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            where = path.relative_to(root).as_posix()
            parts = path.relative_to(root).parts
            for module, name in imports_of(root, path):
                top = module.split(".")[0]
                ours = top in LAYERS or top in ("tests", "bench")
                if ours and top not in ALLOWED[layer]:
                    problems.append(f"{where} imports {module}")
                if layer == "domain" and not ours and top not in STDLIB:
                    problems.append(f"{where} imports {module}, outside the standard library")
                full = f"{module}.{name}" if name else module
                inner = full.split(".")[1] if full.startswith("domain.") and full.count(".") >= 1 else None
                if layer == "domain" and len(parts) > 2 and top == "domain":
                    home = parts[1]
                    if home == "kernel" and inner != "kernel":
                        problems.append(f"{where} (a kernel) imports {module}: kernels import only kernels")
                    if home in variants and inner not in ("kernel", home):
                        problems.append(f"{where} (variant {home}) imports {module}: variants import kernels")
                if layer != "domain" and inner in variants:
                    problems.append(f"{where} imports {full}: reach a variant through domain.registry")
                room = room_of(parts)
                if room is not None and module.startswith("service"):
                    target = room_of(module.split(".")) or "service"
                    if target not in ROOMS[room]:
                        problems.append(f"{where} imports {module}: the {room} room does not import {target}")
                if room in ("store", "app", "config", "wiring", "workers") and top in WEB_LIBRARIES:
                    problems.append(f"{where} imports {module}: only the HTTP edge uses the web framework")
                if layer in ("service", "workers") and where != COMMAND_PATH:
                    if (module, name) in DECIDING or name == "decide" or module.endswith(".decide"):
                        problems.append(f"{where} imports {full}: only {COMMAND_PATH} decides commands")
            if layer != "domain":
                for line, name in names_a_variant(root, path, variants):
                    problems.append(f"{where}:{line} names the variant {name!r}: ask the domain (domain.registry)")
    return problems


def test_each_layer_imports_only_what_it_may():
    assert problems_in(ROOT) == []


def test_the_checker_sees_imports_at_all():
    found = set(imports_of(ROOT, ROOT / "domain" / "iceberg" / "decide.py"))
    assert ("domain.kernel", "errors") in found and ("domain.iceberg.bots", "POLICIES") in found


def _probe(tmp_path, where: str, source: str) -> list[str]:
    """A copy of the tree with one module added: what the checker says of it."""
    import shutil

    for layer in LAYERS:
        shutil.copytree(ROOT / layer, tmp_path / layer, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / where).write_text(source)
    return problems_in(tmp_path)


def test_a_kernel_importing_a_variant_is_caught(tmp_path):
    found = _probe(tmp_path, "domain/kernel/probe.py", "from ..iceberg.melds import V\n")
    assert found == ["domain/kernel/probe.py (a kernel) imports domain.iceberg.melds: kernels import only kernels"]


def test_a_variant_importing_the_registry_is_caught(tmp_path):
    found = _probe(tmp_path, "domain/iceberg/probe.py", "from .. import registry\n")
    assert found == ["domain/iceberg/probe.py (variant iceberg) imports domain: variants import kernels"]


def test_a_worker_deciding_on_its_own_is_caught(tmp_path):
    found = _probe(tmp_path, "workers/probe.py", "from domain.engine import play\n")
    assert found == ["workers/probe.py imports domain.engine.play: only service/app/commands.py decides commands"]


def test_a_service_module_naming_a_variant_is_caught(tmp_path):
    found = _probe(tmp_path, "service/probe.py", "from domain.iceberg.rules import Rules\n")
    assert found == ["service/probe.py imports domain.iceberg.rules.Rules: reach a variant through domain.registry"]


def test_domain_importing_a_library_is_caught(tmp_path):
    found = _probe(tmp_path, "domain/probe.py", "import flask\n")
    assert found == ["domain/probe.py imports flask, outside the standard library"]


def test_the_store_importing_the_http_edge_is_caught(tmp_path):
    found = _probe(tmp_path, "service/store/probe.py", "from ..http.problems import Problem\n")
    assert found == ["service/store/probe.py imports service.http.problems: the store room does not import http"]


def test_a_worker_importing_flask_is_caught(tmp_path):
    found = _probe(tmp_path, "workers/probe.py", "from flask import current_app\n")
    assert found == ["workers/probe.py imports flask: only the HTTP edge uses the web framework"]


def test_a_worker_loads_no_web_framework():
    """The rule above, seen in a process: every worker module and the settings
    imported, and not one module of Flask or marshmallow loaded."""
    import subprocess

    code = ("import sys, pkgutil, importlib, workers\n"
            "for m in pkgutil.iter_modules(workers.__path__): importlib.import_module('workers.' + m.name)\n"
            "from service.config import Config; Config.from_env({})\n"
            "print(sorted({n.split('.')[0] for n in sys.modules} & {'flask', 'marshmallow', 'flask_limiter'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
def test_a_module_outside_the_domain_naming_a_variant_in_a_string_is_caught(tmp_path):
    found = _probe(tmp_path, "service/probe.py", 'def f(state):\n    return state.variant == "gin"\n')
    assert found == ["service/probe.py:2 names the variant 'gin': ask the domain (domain.registry)"]


def test_any_literal_naming_a_variant_is_caught_in_projections_and_workers(tmp_path):
    found = _probe(tmp_path, "projections/probe.py", 'FAVOURITE = "fortune"\n')
    assert found == ["projections/probe.py:1 names the variant 'fortune': ask the domain (domain.registry)"]
    (tmp_path / "projections" / "probe.py").unlink()
    (tmp_path / "workers" / "probe.py").write_text('def f(data):\n    return data.get("variant", "iceberg")\n')
    assert problems_in(tmp_path) == [
        "workers/probe.py:2 names the variant 'iceberg': ask the domain (domain.registry)"]


def test_the_server_s_own_name_is_not_a_variant_where_it_names_the_server(tmp_path):
    found = _probe(tmp_path, "service/probe.py", 'import logging\n\nlog = logging.getLogger("iceberg")\n'
                                                 'QUEUE = "iceberg"\n')
    assert found == []
    (tmp_path / "service" / "probe.py").write_text('from domain import registry\n\nV = registry.named("iceberg")\n')
    assert problems_in(tmp_path) == ["service/probe.py:3 names the variant 'iceberg': ask the domain (domain.registry)"]

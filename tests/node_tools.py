"""The Node tools some tests run on openapi.yaml: Redocly CLI (lint),
openapi-typescript and openapi-fetch (a typed TypeScript client) and tsc.

They are pinned in tests/node/package.json and its lock, and installed with
`npm ci` into a cache directory that later runs reuse (`ICEBERG_NODE_CACHE`,
else ~/.cache/iceberg-tests), one folder per lock, so a changed pin installs
afresh and nothing is installed globally. The install goes to a temporary
folder renamed into place once complete: a run cut short leaves no half
install behind.

npm: the machine's; with none, and run as root where apt-get is (a fresh
machine of this project's kind, CI), Debian's `nodejs` and `npm` are
installed first, as tests/browser/conftest.py does for Chromium. Without npm
after that, the tests fail and say how to get it.
"""

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests import debian

PINNED = Path(__file__).resolve().parent / "node"
HOW_TO_GET_NPM = ("these tests need Node.js 20+ and npm (to install the tools pinned in tests/node/) and found no "
                  "npm; as root: `apt-get install nodejs npm`")


def cache_root() -> Path:
    given = os.environ.get("ICEBERG_NODE_CACHE")
    return Path(given) if given else Path.home() / ".cache" / "iceberg-tests"


def _npm() -> str | None:
    if shutil.which("npm") is None:
        debian.install("nodejs", "npm")
    return shutil.which("npm")


def node_tools() -> Path:
    """The node_modules folder holding the pinned tools, installed if needed."""
    lock = (PINNED / "package-lock.json").read_bytes()
    folder = cache_root() / f"node-{hashlib.sha256(lock + (PINNED / 'package.json').read_bytes()).hexdigest()[:16]}"
    if (folder / "node_modules" / ".bin" / "tsc").exists():
        return folder / "node_modules"
    npm = _npm()
    if npm is None:
        pytest.fail(HOW_TO_GET_NPM, pytrace=False)
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="installing-", dir=folder.parent))
    try:
        for name in ("package.json", "package-lock.json"):
            shutil.copy(PINNED / name, staging / name)
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=staging,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
        try:
            staging.rename(folder)
        except OSError:  # another run installed it meanwhile
            pass
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return folder / "node_modules"


def run_tool(modules: Path, tool: str, *arguments, cwd=None, timeout=300) -> subprocess.CompletedProcess:
    """One of the tools' commands (node_modules/.bin/<tool>), its output as text."""
    # Redocly CLI reports each run home unless told not to: nothing leaves this machine
    env = {**os.environ, "NO_COLOR": "1", "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_NOTIFICATIONS": "true",
           "DO_NOT_TRACK": "1"}
    return subprocess.run([str(modules / ".bin" / tool), *map(str, arguments)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)

"""Imported first by every script in bench/: puts the repository root on the
path and takes bench/ off it. bench/http.py (the issue's name for it) would
otherwise stand in for the standard library's http package, which urllib,
http.client and others import."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]

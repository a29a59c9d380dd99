"""Browser tests: the web client under /play/ in a real Chromium against a real
`iceberg serve` (see conftest.py for what they need and how to leave them out)."""

import os
from pathlib import Path

ADMIN_TOKEN = "browser-admin-token-0123456789"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def screenshots_to(temporary: Path) -> Path:
    """Where the screenshots go: docs/screenshots/ when ICEBERG_SCREENSHOTS=docs
    asks for the docs' pictures to be refreshed, else `temporary`, so that a
    test run leaves the checkout as it found it."""
    return DOCS_SCREENSHOTS if os.environ.get("ICEBERG_SCREENSHOTS") == "docs" else temporary

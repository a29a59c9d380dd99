"""Browser tests: the web client under /play/ in a real Chromium against a real
`iceberg serve` (see conftest.py for what they need and how to skip them)."""

from pathlib import Path

ADMIN_TOKEN = "browser-admin-token-0123456789"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

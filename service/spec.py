"""The API's description, openapi.yaml, as the server serves it at /openapi.yaml."""

from pathlib import Path

SPEC = Path(__file__).resolve().parent.parent / "openapi.yaml"


def spec_text() -> str:
    return SPEC.read_text() if SPEC.exists() else ""

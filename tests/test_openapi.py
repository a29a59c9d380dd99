"""openapi.yaml is a valid OpenAPI 3.1 document, and the validator the API tests
use really rejects responses that break it."""

import pytest
from openapi_spec_validator import validate
from werkzeug.wrappers import Response

from tests.spec import spec, validate_response


def test_the_document_is_valid_openapi():
    validate(spec())


def test_a_response_that_breaks_the_schema_is_caught():
    good = Response('{"status": "ok"}', status=200, mimetype="application/json")
    validate_response("GET", "/healthz", good)
    with pytest.raises(AssertionError):
        validate_response("GET", "/healthz", Response('{"status": 5}', status=200, mimetype="application/json"))
    with pytest.raises(AssertionError):
        validate_response("GET", "/healthz", Response("{}", status=418, mimetype="application/json"))
    with pytest.raises(AssertionError):
        validate_response("GET", "/games/g_0123456789abcdef", Response("{}", status=200, mimetype="application/json"))


def test_the_spec_ships_inside_the_package(tmp_path):
    """`pip install .` puts openapi.yaml inside the `service` package, so an
    installed server run from any directory serves it (not an empty page)."""
    import subprocess
    import sys
    import zipfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(tmp_path), str(root)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = archive.read("service/openapi.yaml")
    assert shipped == (root / "openapi.yaml").read_bytes()

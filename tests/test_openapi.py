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

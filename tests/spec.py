"""openapi.yaml, loaded once, and response validation against it (openapi-core)."""

from functools import lru_cache
from pathlib import Path

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"


@lru_cache(maxsize=1)
def openapi():
    import json

    from openapi_core import Config, OpenAPI

    # problem+json is JSON: validate its body against the Problem schema too
    config = Config(extra_media_type_deserializers={"application/problem+json": json.loads})
    return OpenAPI.from_file_path(str(SPEC_PATH), config=config)


def validate_response(method, path, response, request_headers=None):
    from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
    from werkzeug.test import EnvironBuilder

    builder = EnvironBuilder(path=path, method=method, headers=request_headers or {},
                             base_url="http://localhost")
    request = builder.get_request()
    openapi().validate_response(WerkzeugOpenAPIRequest(request), WerkzeugOpenAPIResponse(response))

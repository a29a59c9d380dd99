"""openapi.yaml, and response validation against it.

Every response the API tests receive goes through `validate_response`: its
status must be documented for the operation, its media type declared, and its
body valid against the declared schema. Validators are compiled once per
(operation, status, media type) over the whole document (so `$ref`s resolve
as in the spec), with jsonschema-rs: the events are unions of many shapes
(`oneOf` on `type`, their `data` unions again), which the pure-Python
jsonschema takes milliseconds an event to check and jsonschema-rs about a
microsecond; that lets the tests validate tens of thousands of responses. A
body it refuses is checked again with jsonschema, whose messages say which
branch failed and why. The document itself is checked by
openapi-spec-validator in test_openapi.py.
"""

import json
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"
URN = "urn:iceberg-openapi"


@lru_cache(maxsize=1)
def spec() -> dict:
    return yaml.safe_load(SPEC_PATH.read_text())


@lru_cache(maxsize=1)
def _registry() -> Registry:
    return Registry().with_resource(URN, Resource.from_contents(spec(), default_specification=DRAFT202012))


@lru_cache(maxsize=1)
def _templates() -> list[tuple[re.Pattern, str]]:
    found = []
    for template in spec()["paths"]:
        pattern = "^" + re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(template)) + "$"
        found.append((re.compile(pattern), template))
    return found


def _pointer(*parts) -> str:
    return "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _resolve(node: dict, where: str) -> tuple[dict, str]:
    """Follow a local $ref (responses may be references): (node, its pointer)."""
    while "$ref" in node:
        where = node["$ref"].lstrip("#")
        node = spec()
        for part in where.strip("/").split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
    return node, where


def validator_at(pointer: str) -> Draft202012Validator:
    """A validator for the schema at this JSON pointer of the document (e.g.
    "/components/schemas/Card"), its $refs resolved in the whole document."""
    return Draft202012Validator({"$ref": f"{URN}#{pointer}"}, registry=_registry())


class _Checker:
    """The schema at one pointer: jsonschema-rs decides, jsonschema explains."""

    def __init__(self, pointer: str):
        self.pointer = pointer
        # the whole document as the root, so that its local $refs resolve; the
        # pointer goes in a URI fragment, percent-encoded ({id} and the like)
        self.fast = jsonschema_rs.Draft202012Validator({**spec(), "$ref": "#" + quote(pointer, safe="/~")})

    def errors(self, instance) -> list[str]:
        if self.fast.is_valid(instance):
            return []
        found = [f"{list(e.instance_path)}: {e.message[:300]}" for e in self.fast.iter_errors(instance)]
        detailed = list(validator_at(self.pointer).iter_errors(instance))
        if detailed:
            best = _meant(best_match(detailed))
            found.insert(0, f"{list(best.absolute_path)}: {best.message[:300]}")
        return found


def _meant(error):
    """Into a failed union, down the branch the instance meant: the one whose
    errors are not a `const` mismatch (its discriminator), or the closest."""
    while error.context:
        branches: dict = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0], []).append(sub)
        meant = [errs for errs in branches.values() if not any(e.validator == "const" for e in errs)]
        error = best_match(min(meant or branches.values(), key=len))
    return error


@lru_cache(maxsize=None)
def _validator(template: str, method: str, status: str, media: str) -> _Checker:
    operation = spec()["paths"][template].get(method)
    assert operation is not None, f"{method.upper()} {template} is not in openapi.yaml"
    responses = operation["responses"]
    key = status if status in responses else "default"
    assert key in responses, f"{method.upper()} {template} does not document status {status}"
    response, where = _resolve(responses[key], "/" + _pointer("paths", template, method, "responses", key))
    content = response.get("content", {})
    assert media in content, f"{method.upper()} {template} {status} does not declare {media}"
    return _Checker(f"{where}/{_pointer('content', media, 'schema')}")


def validate_response(method, path, response, request_headers=None):
    path = path.split("?", 1)[0]
    template = next((t for pattern, t in _templates() if pattern.match(path)), None)
    assert template is not None, f"{path} matches no path of openapi.yaml"
    media = response.mimetype
    if response.status_code in (204, 304):  # no body: the spec must document it, without content
        operation = spec()["paths"][template][method.lower()]
        status = str(response.status_code)
        assert status in operation["responses"], f"{method} {template} does not document {status}"
        assert "content" not in _resolve(operation["responses"][status], "")[0]
        assert response.get_data() == b""
        return
    validator = _validator(template, method.lower(), str(response.status_code), media)
    if media.endswith("json"):
        body = json.loads(response.get_data(as_text=True))
    else:
        body = response.get_data(as_text=True)
    errors = validator.errors(body)
    assert not errors, f"{method} {path} {response.status_code}: " + "; ".join(errors[:5])

"""openapi.yaml is a valid OpenAPI 3.1 document, the validator the API tests
use really rejects responses that break it, and the document is typed the way
client generators need (tests/test_generated_client.py generates one): an
operationId everywhere, unions on `type` for actions and events whose shapes
match the domain's declarations, every problem code in an enum, the notices as
webhooks, valid examples."""

from pathlib import Path

import pytest
from openapi_spec_validator import validate
from werkzeug.wrappers import Response

from service.config import Config
from tests.spec import spec, validate_response, validator_at


def test_the_document_is_valid_openapi():
    validate(spec())


def test_a_response_that_breaks_the_schema_is_caught():
    good = Response('{"status": "ok", "checks": {"store": true, "queue": true}}', status=200,
                    mimetype="application/json")
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


def test_the_unions_of_events_and_actions_refuse_what_the_server_never_sends():
    event, action = validator_at("/components/schemas/Event"), validator_at("/components/schemas/Action")
    at = "2026-11-23T01:45:34.990Z"

    def drawn(data, kind="CardDrawn"):
        return {"version": 3, "type": kind, "at": at, "data": data}

    assert event.is_valid(drawn({"seat": 0, "card": "3C"}))
    assert event.is_valid(drawn({"seat": 0, "card": None}))  # hidden
    assert event.is_valid(drawn({"seat": 0, "card": None, "from": "stock"}))  # gin's
    assert not event.is_valid(drawn({"seat": 0}))
    assert not event.is_valid(drawn({"seat": 0, "card": "3C", "cards": []}))
    assert not event.is_valid(drawn({"seat": 0, "card": "3C"}, kind="CardDrew"))
    assert not event.is_valid(drawn({"seat": 0, "card": None}, kind="AceRevealed"))  # never hidden
    assert action.is_valid({"type": "draw"}) and action.is_valid({"type": "draw", "from": "stock"})
    assert action.is_valid({"type": "meld", "cards": ["9S", "8S", "7S"], "wild": []})
    assert not action.is_valid({"type": "draw", "from": "pile"})
    assert not action.is_valid({"type": "meld"})
    assert not action.is_valid({"type": "discard", "card": "JH", "meld": "m1"})
    assert not action.is_valid({"type": "pickup", "card": "JH"})


# --- the spec is typed: what generated clients rely on ------------------------------------

METHODS = ("get", "put", "post", "delete", "patch")


def _operations():
    for path, item in spec()["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]
    for name, item in spec().get("webhooks", {}).items():
        for method in METHODS:
            if method in item:
                yield f"webhook {name}", method, item[method]


def _ptr(*parts) -> str:
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _schema(name: str) -> dict:
    return spec()["components"]["schemas"][name]


def _ref_name(node: dict) -> str:
    return node["$ref"].rsplit("/", 1)[1]


def test_every_operation_has_a_unique_operation_id():
    ids = [(where, method, operation.get("operationId")) for where, method, operation in _operations()]
    assert all(operation_id for _, _, operation_id in ids), [i for i in ids if not i[2]]
    names = [operation_id for _, _, operation_id in ids]
    assert len(names) == len(set(names))
    by_path = {(where, method): operation_id for where, method, operation_id in ids}
    assert by_path[("/games/{id}/actions", "post")] == "postAction"
    assert by_path[("/games/{id}/events", "get")] == "getEvents"


def test_security_says_who_may_call():
    """Public reads need no token (`[]`, so a generated client does not demand
    one); the view, actions and webhooks need one; the default for the rest is
    a token if you have one."""
    assert spec()["security"] == [{}, {"bearer": []}]
    security = {(where, method): operation.get("security") for where, method, operation in _operations()
                if not where.startswith("webhook")}
    needs = {("/games/{id}/view", "get"), ("/games/{id}/actions", "post"),
             ("/games/{id}/seats/{seat}/webhook", "put"), ("/games/{id}/seats/{seat}/webhook", "get"),
             ("/games/{id}/seats/{seat}/webhook", "delete"), ("/games/{id}/seats/{seat}/webhook/deliveries", "get"),
             # a seat's (or its player's) commands, and the player's own resources
             ("/games/{id}/resign", "post"), ("/games/{id}/abort", "post"), ("/games/{id}/extend", "post"),
             ("/me", "get"), ("/me", "patch"), ("/me/games", "get"), ("/me/webhook", "put"),
             ("/me/webhook", "get"), ("/me/webhook", "delete"), ("/me/webhook/deliveries", "get"),
             ("/me/tokens", "get"), ("/me/tokens", "post"), ("/me/tokens/{token_id}", "delete"),
             # the chat: a seat says something, the admin hides it
             ("/games/{id}/messages", "post"), ("/games/{id}/messages/{message}", "delete")}
    optional = {("/games", "post"), ("/games/{id}/events", "get"), ("/games/{id}/stream", "get"),
                ("/games/{id}/join", "post"),  # a player joins with their token, anyone else with a name
                ("/games/{id}/messages", "get")}  # the admin reads the hidden messages too
    for key, value in security.items():
        if key in needs:
            assert value == [{"bearer": []}], key
        elif key in optional:
            assert value is None, key  # the document's default
        else:
            assert value == [], key


def test_every_example_is_valid_against_its_schema():
    checked = 0

    def check(pointer: str, value) -> None:
        nonlocal checked
        errors = list(validator_at(pointer).iter_errors(value))
        assert not errors, f"{pointer}: " + "; ".join(e.message for e in errors[:3])
        checked += 1

    def walk(node, where: tuple):
        if isinstance(node, dict):
            if "schema" in node and ("example" in node or "examples" in node):  # a media type or a parameter
                schema_at = _ptr(*where, "schema")
                if "example" in node:
                    check(schema_at, node["example"])
                for example in node.get("examples", {}).values():
                    check(schema_at, example["value"])
            if len(where) == 3 and where[:2] == ("components", "schemas") and "examples" in node:
                for value in node["examples"]:  # a schema's own examples (JSON Schema)
                    check(_ptr(*where), value)
            for key, value in node.items():
                walk(value, (*where, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*where, i))

    walk(spec(), ())
    assert checked >= 20


def test_problem_code_lists_every_code_the_server_sends():
    import re
    from pathlib import Path

    from domain import registry  # noqa: F401 (every variant's own rule violations, defined)
    from domain.kernel import errors
    from service.http import problems
    from service.runtime import gunicorn_workers

    root = Path(__file__).resolve().parent.parent
    sent = {cls.code for cls in errors.violations()}
    sent |= set(problems._HTTP_CODES.values()) | {"http_error"}
    sent |= set(gunicorn_workers.CODES.values())  # what the HTTP server answers by itself (414, 431, ...)
    for source in [*(root / "service").rglob("*.py"), *(root / "workers").rglob("*.py")]:
        text = source.read_text()
        sent |= set(re.findall(r'\bProblem\(\s*\d+\s*,\s*"(\w+)"', text))
        sent |= set(re.findall(r'\bproblem_response\(\s*\d+\s*,\s*"(\w+)"', text))
        sent |= set(re.findall(r'\bcode\s*=\s*"(\w+)"', text))
    assert {"not_your_turn", "request_in_progress", "store_unavailable", "internal_error", "no_such_seat"} <= sent
    enum = _schema("ProblemCode")["enum"]
    assert sorted(sent - set(enum)) == []
    assert len(enum) == len(set(enum))
    assert _schema("Problem")["properties"]["code"] == {"$ref": "#/components/schemas/ProblemCode"}


def test_each_variant_s_actions_are_a_union_on_type_with_exactly_their_fields():
    from domain import registry

    members = [_ref_name(m) for m in _schema("Action")["anyOf"]]
    assert sorted(members) == sorted(f"{name.title()}Action" for name in registry.VARIANTS)
    for name, variant in registry.VARIANTS.items():
        union = _schema(f"{name.title()}Action")
        assert union["discriminator"]["propertyName"] == "type"
        mapping = {action: ref.rsplit("/", 1)[1] for action, ref in union["discriminator"]["mapping"].items()}
        assert sorted(mapping) == sorted(variant.commands), name
        assert sorted(_ref_name(m) for m in union["oneOf"]) == sorted(mapping.values())
        for action, schema_name in mapping.items():
            schema = _schema(schema_name)
            keys = {"type"} | {p.key for p in variant.commands[action].params}
            assert schema["additionalProperties"] is False
            assert schema["properties"]["type"]["const"] == action
            assert set(schema["properties"]) == set(schema["required"]) == keys, (name, action)


def test_every_event_type_has_a_schema_with_the_exact_fields_of_its_data():
    """One schema per event type (the union's discriminator), whose `data` is
    the one shape (or one of the variants' shapes) of that type: closed, every
    field the domain's event has, and no field it may lack required."""
    from dataclasses import fields

    from domain import registry

    union = _schema("Event")
    mapping = {kind: ref.rsplit("/", 1)[1] for kind, ref in union["discriminator"]["mapping"].items()}
    every = {kind for variant in registry.VARIANTS.values() for kind in variant.event_types()}
    assert sorted(mapping) == sorted(every)
    assert sorted(_ref_name(m) for m in union["oneOf"]) == sorted(mapping.values())
    for variant in registry.VARIANTS.values():
        for kind, cls in variant.event_types().items():
            event = _schema(mapping[kind])
            assert event["properties"]["type"]["const"] == kind
            assert set(event["required"]) == {"version", "type", "at", "data"}
            data = event["properties"]["data"]
            shapes = {_ref_name(m): _schema(_ref_name(m)) for m in data.get("oneOf", [data])}
            names = {f.name for f in fields(cls)}
            fitting = [shape for shape, s in shapes.items() if set(s["required"]) <= names <= set(s["properties"])]
            if len(fitting) > 1:  # shapes with the same fields: the variant's own (by name)
                fitting = [shape for shape in fitting if shape.startswith(variant.name.title())]
            assert len(fitting) == 1, (variant.name, kind, names, fitting)
            assert all(s["additionalProperties"] is False for s in shapes.values()), kind


def test_rules_options_are_declared_for_every_variant():
    from domain import registry

    for name, variant in registry.VARIANTS.items():
        options = {o.name for o in variant.options}
        given = _schema(f"{name.title()}Rules")
        assert options <= set(given["properties"]) and given["additionalProperties"] is False, name
        shown = _schema(f"{name.title()}RulesOut")
        assert set(shown["required"]) <= options <= set(shown["properties"]), name


def test_every_notice_kind_is_a_webhook():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sent = set()
    for source in [*(root / "service").rglob("*.py"), *(root / "workers").rglob("*.py")]:
        sent |= set(re.findall(r'\.notice\(\s*[^,]+,\s*[^,]+,\s*"(\w+)"', source.read_text()))
    assert sent == {"your_turn", "reminder", "hand_ended", "game_ended"}
    mapping = _schema("Notice")["discriminator"]["mapping"]
    assert set(mapping) == sent
    hooks = spec()["webhooks"]
    bodies = {_ref_name(hook["post"]["requestBody"]["content"]["application/json"]["schema"]) for hook in hooks.values()}
    assert bodies == {ref.rsplit("/", 1)[1] for ref in mapping.values()}
    for hook in hooks.values():
        headers = {p["$ref"].rsplit("/", 1)[1] for p in hook["post"]["parameters"]}
        assert headers == {"NoticeDelivery", "NoticeTimestamp", "NoticeSignature"}


def test_429_is_documented_where_the_rate_limits_apply():
    """Every view that declares a rate-limit class (service/http/limits.py) documents its 429."""
    import re

    from service.http.app import create_app
    from service.http.limits import limit_of

    app = create_app(Config(redis_url="redis://127.0.0.1:1/0"), jobs=False)  # never contacted
    limited = []
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        if limit_of(view) is not None:
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule).replace("{game_id}", "{id}")
            limited += [(method.lower(), path) for method in rule.methods - {"HEAD", "OPTIONS"}]
    assert ("post", "/games/{id}/actions") in limited and ("post", "/games") in limited
    for method, path in limited:
        assert "429" in spec()["paths"][path][method]["responses"], (method, path)


# --- what other tools read: no stray keys, descriptions, optional defaults ----------------

def test_no_mapping_holds_a_stray_key_of_a_description_cut_at_a_comma():
    """An unquoted comma inside a YAML flow mapping ends the description there
    and makes the rest a key of its own with a null value (`highest total
    winning: null` under a schema): no null is anywhere but in examples and values."""
    stray = []

    def walk(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if value is None and not {"example", "examples", "default", "enum", "const", "value"} & set(where):
                    stray.append("/".join(map(str, (*where, key))))
                walk(value, (*where, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*where, i))

    walk(spec(), ())
    assert stray == []


def test_every_operation_is_described_with_a_4xx():
    for where, method, operation in _operations():
        if where.startswith("webhook"):
            continue
        assert len(operation.get("description", "")) > 40, (where, method)
        assert any(status.startswith("4") for status in operation["responses"]), (where, method)


def test_request_bodies_carry_no_default_so_generated_clients_keep_those_fields_optional():
    """openapi-typescript types a property with a `default` as always present:
    a client could not send `rules: {hands: 1}`. The defaults of what a client
    sends are in the descriptions (and in GET /variants)."""
    def defaults(node, where=()):
        if isinstance(node, dict):
            if "default" in node and where and where[-1] != "responses":
                yield where
            for key, value in node.items():
                if key != "$ref":
                    yield from defaults(value, (*where, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from defaults(value, (*where, i))

    schemas = spec()["components"]["schemas"]
    sent = [name for name in schemas if name.startswith("Create") or name.endswith("Rules") or name.endswith("In")]
    assert {"CreateIcebergGame", "IcebergRules", "GinRules", "FortuneRules"} <= set(sent)
    assert [(name, *where) for name in sent for where in defaults(schemas[name])] == []
    assert "(default 100)" in schemas["IcebergRules"]["properties"]["max_hands"]["description"]


def test_the_stream_s_messages_name_every_event_type():
    message = _schema("StreamMessage")
    assert message["properties"]["event"]["enum"] == list(_schema("Event")["discriminator"]["mapping"])
    stream = spec()["paths"]["/games/{id}/stream"]["get"]["responses"]["200"]["content"]["text/event-stream"]
    assert stream["x-itemSchema"] == {"$ref": "#/components/schemas/StreamMessage"}


def test_no_mapping_of_the_spec_repeats_a_key():
    """PyYAML keeps the last of two equal keys without a word; other tools (ruamel, Redocly) refuse the file."""
    import yaml

    repeated = []

    class Strict(yaml.SafeLoader):
        pass

    def mapping(loader, node, deep=False):
        keys = [loader.construct_object(key, deep=deep) for key, _ in node.value]
        repeated.extend((key, node.start_mark.line + 1) for key in set(keys) if keys.count(key) > 1)
        return yaml.SafeLoader.construct_mapping(loader, node, deep)

    Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    yaml.load((Path(__file__).resolve().parent.parent / "openapi.yaml").read_text(), Loader=Strict)
    assert repeated == []

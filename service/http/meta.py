"""What the server says of itself: the variants it hosts, its health, and
the API's description."""

from flask import Blueprint, Response, jsonify

from domain import registry

from .context import services
from .spec import spec_text

meta = Blueprint("meta", __name__)


@meta.get("/variants")
def get_variants():
    """Every hosted variant: its player range, rules options (name, type,
    default, allowed values) and action types."""
    return jsonify({"variants": [v.describe() for _, v in sorted(registry.VARIANTS.items())]})


@meta.get("/healthz")
def healthz():
    checks = services().health()
    ok = all(checks.values())
    response = jsonify({"status": "ok" if ok else "unavailable", "checks": checks})
    response.status_code = 200 if ok else 503
    return response


@meta.get("/livez")
def livez():
    """Liveness: the process answers. Touches nothing (healthz checks the store)."""
    return jsonify({"status": "alive"})


@meta.get("/openapi.yaml")
def openapi_spec():
    return Response(spec_text(), mimetype="application/yaml")

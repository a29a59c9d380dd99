"""The API's description, openapi.yaml, as the server serves it at /openapi.yaml.

The file lives at the top of the repository; `service/openapi.yaml` links to
it, so that `pip install .` ships it inside the package and an installed
server run from any directory serves the spec.
"""

from importlib import resources


def spec_text() -> str:
    return resources.files("service").joinpath("openapi.yaml").read_text(encoding="utf-8")

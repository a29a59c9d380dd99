"""The WSGI entry point for gunicorn: the app configured from the environment."""

import gc
import logging

from ..http.app import create_app
from .logs import redact

# the app's warnings and errors (what Python's last-resort handler wrote), without
# tokens; gunicorn's own lines go through its logger class
_warnings = logging.StreamHandler()
_warnings.setLevel(logging.WARNING)
_warnings.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
logging.getLogger().addHandler(_warnings)
redact(logging.getLogger())
app = create_app()

# What is loaded by now (modules, the app, the rules' tables) lives as long as
# the worker: move it out of the collector's reach, so that a full collection
# scans only what requests left behind. A gevent worker serves no one while it
# collects; under load, full collections of the loaded worker took 40-120 ms
# (docs/performance.md, "Serving").
gc.freeze()

"""The WSGI entry point for gunicorn: the app configured from the environment."""

import gc

from ..http.app import create_app

app = create_app()

# What is loaded by now (modules, the app, the rules' tables) lives as long as
# the worker: move it out of the collector's reach, so that a full collection
# scans only what requests left behind. A gevent worker serves no one while it
# collects; under load, full collections of the loaded worker took 40-120 ms
# (docs/performance.md, "Serving").
gc.freeze()

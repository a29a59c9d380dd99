"""create_app(config): the Flask application, wired (service/wiring.py) to its
store and queue."""

import logging

from flask import Flask

from ..config import Config
from ..wiring import wire
from . import basics, limits, problems
from .audit import audit
from .people import people
from .play import play
from .replays import get_replay  # noqa: F401 (its module's routes join the api blueprint)
from .routes import api
from .webhooks import put_webhook  # noqa: F401 (its module's routes join the api blueprint)


def create_app(config: Config | None = None, *, store_redis=None, queue_redis=None, clock=None,
               jobs: bool = True) -> Flask:
    services = wire(config, store_redis=store_redis, queue_redis=queue_redis, clock=clock, jobs=jobs)
    app = Flask("iceberg")
    app.config["MAX_CONTENT_LENGTH"] = services.config.max_body_bytes
    app.json.sort_keys = False
    app.extensions["iceberg"] = services
    problems.install(app)
    basics.install(app, services.config.cors_origins)
    app.register_blueprint(api)
    app.register_blueprint(people)  # players, the lobby, play by mail (service/http/people.py)
    app.register_blueprint(audit)  # the chain, checkpoints, exports, keys, commitments (service/http/audit.py)
    app.register_blueprint(play)  # the web client's pages (service/http/play.py)
    limits.install(app, services.config.rate_limits, services.config.effective_queue_url)
    logging.getLogger("iceberg").setLevel(logging.INFO)
    return app

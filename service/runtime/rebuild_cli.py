"""`iceberg ratings --rebuild` and `iceberg history --rebuild`: throw a
projection away and make it again from the games' logs, against the Redis of
ICEBERG_REDIS_URL, while the server runs.

- ratings: every finished game's standing, in the order the games ended, with
  the same numbers the workers computed as the games ended
  (service/app/standings.py); what is written replaces what was there in one
  step.
- history: every game filed again in the history of games (GET /games), e.g.
  the games of a server older than the history.
"""

import logging

from ..config import Config
from ..store.errors import GameNotFound
from ..wiring import wire

log = logging.getLogger("iceberg.rebuild")


def run(what: str) -> int:
    config = Config.from_env()
    if not config.redis_url:
        log.error("iceberg %s --rebuild needs ICEBERG_REDIS_URL: the Redis of the running server", what)
        return 2
    services = wire(config, jobs=False)
    if what == "ratings":
        done = services.book.rebuild()
        print(f"ratings rebuilt: {done['games']} finished games, {done['recorded']} recorded, {done['rated']} rated")
        return 0
    filed = 0
    for game_id in services.recorder.games():
        try:
            state = services.repository.load(game_id).state
        except GameNotFound:
            continue
        services.filing.file(game_id, state)
        filed += 1
    print(f"history rebuilt: {filed} games filed")
    return 0

"""What a job needs, wired once per worker process from the environment (the
same wiring as the app's: service/wiring.py)."""

from functools import lru_cache

from service.config import Config
from service.wiring import Services, wire


@lru_cache(maxsize=1)
def context() -> Services:
    return wire(Config.from_env())

"""How fast one client address may open connections to a gevent worker
(ICEBERG_CLIENT_CONNECTION_RATE a second, ICEBERG_CLIENT_CONNECTION_BURST at
once), checked when a connection is accepted, before a byte of it is read.

Why a rate and not only a cap on the connections held: a connection the worker
takes is a request through the application (Flask, the rate limiter's write to
Redis) even when its answer is a refusal, and a connection so answered is
closed at once, freeing its place for the next. One address opening
connections as fast as it can then has the worker serve its requests and
little else, and the kernel's accept queue fills with its connections while
other clients' wait for their SYN to be sent again. Refused here, a
connection costs the worker a few microseconds: a 429 written without
waiting, and a close.

A token bucket per client key (service/http/clients.py: an IPv6 address by
its /64): `burst` connections at once, then `rate` a second. A bucket that has
filled up again is forgotten, so the table holds only addresses seen lately.
"""

import time
from collections.abc import Callable


class NewConnections:
    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, max(1, burst), clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (connections allowed now, when counted)
        self.full_after = self.burst / rate  # seconds for an emptied bucket to fill up again
        self.swept = clock()

    def admit(self, key: str) -> bool:
        """True if `key` may open one more connection now (and count it)."""
        now = self.clock()
        allowed, counted = self.buckets.get(key, (self.burst, now))
        allowed = min(self.burst, allowed + (now - counted) * self.rate)
        if allowed < 1:
            self.buckets[key] = (allowed, now)
            return False
        self.buckets[key] = (allowed - 1, now)
        self._forget_full(now)
        return True

    def _forget_full(self, now: float) -> None:
        """At most once per filling time: drop the buckets full again (as if never seen)."""
        if now - self.swept < self.full_after:
            return
        self.swept = now
        for key in [k for k, (_, counted) in self.buckets.items() if now - counted >= self.full_after]:
            del self.buckets[key]

"""Notices to many endpoints at once, each endpoint alone (workers/notices.py):
a slow or dead endpoint delays only its own notices.

The notices worker hands each delivery to a pool of ICEBERG_NOTICE_THREADS
threads. An endpoint (a webhook's scheme, host and port; the SMTP server for
e-mail) has at most one delivery going: a notice for a busy endpoint is put
back for a second later (our own index of notices to try again, service/app/jobs.py),
not waited for. After CIRCUIT_FAILURES failures in a row an endpoint's circuit
opens for CIRCUIT_OPEN_S: its notices are put back until then without a
connection being tried, and counted as no attempt. A success closes it.

The notices put back for one endpoint are spread apart: the n-th since its
last delivery began comes back n steps later than the first (up to
SPREAD_MAX_S), a step being a second, or FAILING_AGAIN_S while the endpoint's
last delivery failed (a failing one takes about the read timeout). Else the
many waiting for a slow endpoint would come back together, every second while
it is busy and all at once when its circuit closes, each a job the worker runs
ahead of other players' notices: twelve endpoints that trickle their answers
kept about 240 notices cycling and held another player's notice 10 s
(bench/floods.py, docs/performance.md).

With ICEBERG_NOTICE_THREADS=0 (a job run in a test's own process) a delivery is
made at once, in the job, as before.
"""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

CIRCUIT_FAILURES = 3
CIRCUIT_OPEN_S = 30.0
BUSY_AGAIN_S = 1.0  # a notice for a busy endpoint is tried again this much later
FAILING_AGAIN_S = 5.0  # the same, while the endpoint's last delivery failed
SPREAD_MAX_S = 60.0  # the most a notice put back is spread after the first put back for its endpoint


def endpoint_of(url: str | None) -> str:
    """A webhook's endpoint (scheme://host:port), or the SMTP server's ("smtp") for e-mail."""
    if url is None:
        return "smtp"
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    return f"{parts.scheme}://{(parts.hostname or '').lower()}:{port or (443 if parts.scheme == 'https' else 80)}"


class Endpoints:
    def __init__(self, threads: int, clock=time.monotonic):
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="notice") if threads > 0 else None
        self.threads, self.clock = threads, clock
        self.busy: set[str] = set()
        self.failures: dict[str, int] = {}
        self.open_until: dict[str, float] = {}
        self.put_back: dict[str, int] = {}  # endpoint -> its notices put back since its last delivery began
        self.lock = threading.Lock()

    def wait_s(self, endpoint: str) -> float | None:
        """None if a delivery to `endpoint` may start now (it is then marked busy); else
        how long to put its notice back for (the endpoint busy, its circuit open, no thread free):
        until it may be free, and a second more than the notice put back before it."""
        with self.lock:
            opened = self.open_until.get(endpoint, 0) - self.clock()
            step = FAILING_AGAIN_S if self.failures.get(endpoint) else BUSY_AGAIN_S
            if opened > 0:
                return opened + self._spread(endpoint, step)
            if endpoint in self.busy or (self.pool is not None and len(self.busy) >= self.threads):
                return step + self._spread(endpoint, step)
            self.busy.add(endpoint)
            self.put_back.pop(endpoint, None)
            return None

    def _spread(self, endpoint: str, step: float) -> float:
        n = self.put_back[endpoint] = self.put_back.get(endpoint, 0) + 1
        return min((n - 1) * step, SPREAD_MAX_S)

    def run(self, endpoint: str, deliver) -> None:
        """`deliver() -> bool` (whether it succeeded), in a thread of the pool (or here, without one)."""
        if self.pool is None:
            self._done(endpoint, deliver())
            return

        def delivered():
            ok = False
            try:
                ok = deliver()
            finally:
                self._done(endpoint, ok)
        self.pool.submit(delivered)

    def _done(self, endpoint: str, ok: bool) -> None:
        with self.lock:
            self.busy.discard(endpoint)
            if ok:
                self.failures.pop(endpoint, None)
                self.open_until.pop(endpoint, None)
                return
            failures = self.failures[endpoint] = self.failures.get(endpoint, 0) + 1
            if failures >= CIRCUIT_FAILURES:
                self.open_until[endpoint] = self.clock() + CIRCUIT_OPEN_S

"""What the server counts for its operators (docs/operations.md, "Metrics"),
with prometheus_client. Every process that serves or works writes its own
values: under `iceberg serve --metrics-port` they are files in one directory
(prometheus_client's multiprocess mode, PROMETHEUS_MULTIPROC_DIR, set for
every child), which the metrics server (service/runtime/metrics_server.py)
sums into one exposition. Without that directory the values stay in the
process (tests, embedding) and nothing serves them.

Counted where it happens: requests and action latency at the HTTP edge
(service/http/observed.py), waiting clients in the views that wait
(service/http/events.py), jobs in the RQ workers (service/runtime/cli.py),
failed notice deliveries in the notices worker (workers/notices.py). What
is in Redis (queue depth, failed jobs, active games) is read at each scrape
by the metrics server. No Flask here: the workers import it.
"""

from contextlib import contextmanager

from prometheus_client import Counter, Gauge, Histogram

REQUESTS = Counter("iceberg_http_requests", "HTTP requests answered, by route template, method and status",
                   ["route", "method", "status"])
ACTION_SECONDS = Histogram("iceberg_action_seconds", "Time to answer a seat's action (POST /games/{id}/actions)",
                           buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10))
# livesum: a process that exits takes its waiters with it
WAITING = Gauge("iceberg_waiting_clients", "Clients waiting for a game's next event: long-polls and streams",
                ["kind"], multiprocess_mode="livesum")
JOBS = Counter("iceberg_jobs", "Jobs the RQ workers ran, by queue, job and outcome (ok, failed)",
               ["queue", "job", "outcome"])
NOTICES_FAILED = Counter("iceberg_notices_failed", "Failed delivery attempts of notices, by channel (seat, player, "
                         "email); each is retried or given up as docs/api.md says", ["channel"])


@contextmanager
def waiting(kind: str):
    """Count a client as waiting (`long_poll` or `stream`) while in the block."""
    gauge = WAITING.labels(kind)
    gauge.inc()
    try:
        yield
    finally:
        gauge.dec()


def job_ran(queue: str, function: str, ok: bool) -> None:
    JOBS.labels(queue, function.rsplit(".", 1)[-1], "ok" if ok else "failed").inc()

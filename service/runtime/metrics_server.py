"""The metrics server of `iceberg serve --metrics-port P` (docs/operations.md,
"Metrics"): a supervised child of its own, never the API's port, serving
Prometheus's text format at /metrics on loopback unless told otherwise.

One exposition for the whole server: what every gunicorn worker and RQ worker
counted (service/app/metrics.py), summed from the files they write in
PROMETHEUS_MULTIPROC_DIR (prometheus_client's multiprocess mode), and what
is in Redis, read at each scrape: queue depth, failed jobs, notices waiting
to be retried, games not finished.

    python -m service.runtime.metrics_server --host 127.0.0.1 --port 9100
"""

import argparse
import logging
import os
import re
import signal
import socket
import sys
import threading
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import redis
from prometheus_client import CollectorRegistry, make_wsgi_app, multiprocess
from prometheus_client.core import GaugeMetricFamily

from ..app.jobs import QUEUES
from ..config import Config
from ..store import keys

log = logging.getLogger("iceberg.metrics")
_LIVE_FILE = re.compile(r"gauge_live\w*_(\d+)\.db")


class RedisCollector:
    """What Redis holds, read (never written) at each scrape."""

    def __init__(self, store, queue):
        self.store, self.queue = store, queue

    def collect(self):
        up = GaugeMetricFamily("iceberg_redis_up", "1 when the store and the queue Redis answered this scrape")
        try:
            depth = GaugeMetricFamily("iceberg_queue_depth", "Jobs waiting on each queue", labels=["queue"])
            failed = GaugeMetricFamily("iceberg_jobs_failed", "Jobs on each queue's failed-job registry (kept 7 days)",
                                       labels=["queue"])
            for name in QUEUES:
                depth.add_metric([name], self.queue.llen(f"rq:queue:{name}"))
                failed.add_metric([name], self.queue.zcard(f"rq:failed:{name}"))
            retries = GaugeMetricFamily("iceberg_notices_waiting_retry", "Notices whose delivery failed and waits for "
                                        "its next try", value=self.queue.zcard(keys.LATER))
            games = GaugeMetricFamily("iceberg_games_active", "Games not finished (open or being played)",
                                      value=self.store.zcard(keys.DUE))
        except redis.RedisError as e:
            log.warning("metrics: Redis did not answer: %s", e)
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield from (up, depth, failed, retries, games)


def forget_the_dead(path: str) -> None:
    """A live gauge (waiting clients) of a process that is gone must not count:
    gunicorn's child_exit hook marks its workers (service/runtime/gunicorn_config.py);
    this catches the rest (a whole gunicorn restarted by the supervisor, SIGKILL)."""
    for entry in os.listdir(path):
        match = _LIVE_FILE.fullmatch(entry)
        if match and not Path(f"/proc/{match.group(1)}").exists():
            multiprocess.mark_process_dead(int(match.group(1)), path)


def registry(path: str, store, queue) -> CollectorRegistry:
    summed = CollectorRegistry()
    multiprocess.MultiProcessCollector(summed, path=path)
    summed.register(RedisCollector(store, queue))
    return summed


def wsgi_app(path: str, store, queue):
    metrics = make_wsgi_app(registry(path, store, queue))

    def app(environ, start_response):
        if environ.get("PATH_INFO") != "/metrics":
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"metrics are at /metrics\n"]
        forget_the_dead(path)
        return metrics(environ, start_response)

    return app


def _server_class(host: str) -> type:
    """wsgiref's server, on IPv6 for an IPv6 address (`--metrics-host ::1`)."""
    family = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)[0][0]
    return type("MetricsServer", (WSGIServer,), {"address_family": family})


class _Quiet(WSGIRequestHandler):
    def log_message(self, format, *args):  # one line per scrape is noise
        pass


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.runtime.metrics_server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not path:
        log.error("the metrics server needs PROMETHEUS_MULTIPROC_DIR (iceberg serve --metrics-port sets it)")
        return 2
    from ..wiring import connect, connect_store

    config = Config.from_env()
    store = connect_store(config)
    queue = connect(config.effective_queue_url)
    server = make_server(args.host, args.port, wsgi_app(path, store, queue), _server_class(args.host),
                         handler_class=_Quiet)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stop.wait()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""gunicorn's settings module for `iceberg serve --metrics-port` (`-c python:...`):
a worker that exits takes its live gauges (clients waiting) out of the sum
(prometheus_client's multiprocess mode, service/app/metrics.py)."""

import os


def child_exit(server, worker):
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid, path)

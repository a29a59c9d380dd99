"""The `iceberg` command.

    iceberg serve [--host H] [--port P] [--workers N] [--worker-class gevent|gthread] [--connections C]
                  [--threads T]
    iceberg worker [--burst] [--queues iceberg,notices]

`serve` runs the API under gunicorn, two RQ workers with their schedulers (the
game's jobs on `iceberg`, webhooks and e-mail on `notices`) and, when
ICEBERG_REDIS_URL is not set, an embedded redis-server with its data in
ICEBERG_DATA_DIR (AOF on, appendfsync always): a fresh machine needs nothing
else. SIGINT or SIGTERM stops all of them, the API first and Redis last.
"""

import argparse
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .config import Config
from .jobs import NOTICES, QUEUE, QUEUES

log = logging.getLogger("iceberg.serve")
# gunicorn's default line without the query string (a stream's ?access_token=
# must never be logged), and the request id (service/httpbasics.py) last
ACCESS_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="iceberg", description="The Iceberg game server.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the API, a worker and (if needed) an embedded Redis")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=max(2, os.cpu_count() or 1), help="gunicorn processes")
    serve.add_argument("--worker-class", choices=("gevent", "gthread"), default="gevent",
                       help="gevent (default): a waiting client is a parked greenlet, not a thread")
    serve.add_argument("--connections", type=int, default=10000, help="gevent: connections per process at most")
    serve.add_argument("--threads", type=int, default=8, help="gthread: threads per gunicorn process")
    worker = sub.add_parser("worker", help="run RQ workers against the configured Redis")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.add_argument("--queues", default=",".join(QUEUES),
                        help=f"comma-separated queues to work (default: all, {','.join(QUEUES)})")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.command == "serve":
        return serve_forever(args)
    return run_worker(args.burst, _queue_names(parser, args.queues))


def _queue_names(parser, text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = set(names) - set(QUEUES)
    if not names or unknown:
        parser.error(f"--queues takes some of {', '.join(QUEUES)}")
    return names


def run_worker(burst: bool = False, names: tuple[str, ...] = QUEUES) -> int:
    from rq import Queue, SimpleWorker

    from .wiring import connect, wire

    config = Config.from_env()
    if not config.effective_queue_url:
        log.error("iceberg worker needs ICEBERG_REDIS_URL or ICEBERG_QUEUE_URL")
        return 2
    connection = connect(config.effective_queue_url)
    if config.redis_url and not burst and QUEUE in names:
        # the sweeper reschedules itself; this (re)starts the chain
        wire(config, queue_redis=connection).jobs.sweep(config.sweep_s)
    release_dead_scheduler_locks(connection, names)
    queues = [Queue(name, connection=connection) for name in names]
    # SimpleWorker: no fork per job. Jobs are our own code and short (a bot turn
    # is milliseconds), so a fork and fresh connections per job would cost more
    # than the work; a crash still loses nothing (the sweeper re-enqueues).
    SimpleWorker(queues, connection=connection).work(burst=burst, with_scheduler=True)
    return 0


def release_dead_scheduler_locks(connection, names: tuple[str, ...] = QUEUES) -> None:
    """Free a scheduler lock held by a process of this host that no longer exists.

    RQ keeps the lock of a SIGKILLed worker's scheduler for a minute and a new
    worker retries only every two minutes; until then nothing scheduled runs
    (sweeps, deadlines, webhook retries). A lock whose holder is a dead process
    on this very host is a crash leftover and is released; others are left alone.
    """
    import socket

    from rq.scheduler import SCHEDULER_LOCKING_KEY_TEMPLATE, RQScheduler, SchedulerNotFound

    for name in names:
        key = SCHEDULER_LOCKING_KEY_TEMPLATE % name
        holder = connection.get(key)
        if holder is None:
            continue
        try:
            scheduler = RQScheduler.fetch(holder.decode(), connection)
        except SchedulerNotFound:
            connection.delete(key)  # its heartbeat record is gone: so is it
            continue
        if scheduler.hostname == socket.gethostname() and scheduler.pid and _dead(scheduler.pid):
            log.info("releasing the scheduler lock of dead process %s", scheduler.pid)
            connection.delete(key)


def _dead(pid: int, patience_s: float = 3.0) -> bool:
    """The process is gone or a zombie (killed, not yet reaped), allowing a
    moment for one that is still dying."""
    deadline = time.monotonic() + patience_s
    while True:
        try:
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            if state in ("Z", "X"):
                return True
        except FileNotFoundError:
            return True
        except OSError:
            return False  # no /proc: assume alive, RQ's own expiry applies
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)


def _worker_class(args) -> list[str]:
    if args.worker_class == "gevent":
        return ["--worker-class", "gevent", "--worker-connections", str(args.connections)]
    return ["--worker-class", "gthread", "--threads", str(args.threads)]


def _raise_open_files_limit() -> None:
    """Thousands of waiting clients are thousands of sockets: allow as many as the system does."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class _Stop(Exception):
    pass


def serve_forever(args) -> int:
    _raise_open_files_limit()
    config = Config.from_env()
    env = dict(os.environ)
    embedded = None
    if not config.redis_url:
        from .redis_server import RedisServer

        data = Path(config.data_dir) / "redis"
        embedded = RedisServer(data, appendfsync=config.appendfsync).start()
        env["ICEBERG_REDIS_URL"] = embedded.url
        log.info("embedded redis-server on 127.0.0.1:%s, data in %s (appendfsync %s)",
                 embedded.port, data, config.appendfsync)
    children = []  # (name, process)

    def stop(signum, frame):
        raise _Stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    code = 0
    try:
        # two workers: an outside endpoint that holds a webhook open delays only other notices
        children.append(("the game worker", subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker", "--queues", QUEUE], env=env)))
        children.append(("the notices worker", subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker", "--queues", NOTICES], env=env)))
        # an access log line per request costs CPU on every request: opt in
        access = ["--access-logfile", "-", "--access-logformat", ACCESS_FORMAT] \
            if os.environ.get("ICEBERG_ACCESS_LOG") in ("1", "true", "yes") else []
        children.append(("the API (gunicorn)", subprocess.Popen([
            sys.executable, "-m", "gunicorn", "--bind", f"{args.host}:{args.port}",
            "--workers", str(args.workers), *_worker_class(args),
            "--graceful-timeout", "10", *access, "service.wsgi:app"], env=env)))
        log.info("serving on http://%s:%s", args.host, args.port)
        while True:
            for name, child in children:
                if child.poll() is not None:
                    log.error("%s exited with %s; stopping", name, child.returncode)
                    code = 1
                    raise _Stop()
            time.sleep(0.5)
    except _Stop:
        pass
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for _, child in reversed(children):  # the API first, then the worker
            if child.poll() is None:
                child.terminate()
        for _, child in reversed(children):
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                child.kill()
        if embedded is not None:
            embedded.stop()
        log.info("stopped")
    return code


if __name__ == "__main__":
    sys.exit(main())

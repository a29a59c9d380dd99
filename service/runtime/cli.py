"""The `iceberg` command.

    iceberg serve [--host H] [--port P] [--workers N] [--game-workers N] [--worker-class gevent|gthread]
                  [--connections C] [--threads T] [--metrics-port P [--metrics-host H]]
    iceberg worker [--burst] [--queues iceberg,bot-games,notices]
    iceberg verify <file or URL> [--key KEY] [--quiet]
    iceberg backup DIR
    iceberg restore DIR
    iceberg ratings --rebuild
    iceberg history --rebuild

`serve` runs the API under gunicorn, RQ workers (`--game-workers` of them, as
many as the machine has cores and at least two, for the game's jobs on
`iceberg`, then those of games of bots only on `bot-games`; one for webhooks
and e-mail on `notices`; no RQ scheduler: what comes due
later is found by each worker's ticker, service/runtime/ticker.py) and, when
ICEBERG_REDIS_URL is not set, an embedded redis-server with its data in
ICEBERG_DATA_DIR (AOF on, appendfsync always, a password kept in that
directory): a fresh machine needs nothing else. service/runtime/supervisor.py keeps
them running (docs/operations.md); SIGINT or SIGTERM stops all of them, the API
and the workers first and Redis last.
"""

import argparse
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

from ..app.jobs import GAME_QUEUES, NOTICES, QUEUE, QUEUES
from ..config import Config
from .logs import redact
from .redis_server import REDIS_PASSWORD, REDIS_PORT

log = logging.getLogger("iceberg.serve")
worker_log = logging.getLogger("iceberg.worker")
# gunicorn's default line without the query string (a stream's ?access_token=
# must never be logged), and the request id (service/http/basics.py) last
ACCESS_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'


def game_workers_default() -> int:
    """A game worker spends much of a job waiting on Redis (an fsync per write):
    one per core, and two at least so that one job's wait is another's turn."""
    return max(2, os.cpu_count() or 1)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="iceberg", description="The Iceberg game server.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the API, the workers and (if needed) an embedded Redis")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=max(2, os.cpu_count() or 1), help="gunicorn processes")
    serve.add_argument("--game-workers", type=int, default=game_workers_default(),
                       help="RQ workers of the game's jobs (bots, due checks, replays), sharing its queues "
                            "(default: the machine's cores, at least 2)")
    serve.add_argument("--worker-class", choices=("gevent", "gthread"), default="gevent",
                       help="gevent (default): a waiting client is a parked greenlet, not a thread")
    serve.add_argument("--connections", type=int, default=10000, help="gevent: connections per process at most")
    serve.add_argument("--threads", type=int, default=8, help="gthread: threads per gunicorn process")
    serve.add_argument("--metrics-port", type=int, default=None,
                       help="serve Prometheus metrics at /metrics on this port (its own server, never the API's)")
    serve.add_argument("--metrics-host", default="127.0.0.1", help="the metrics server's address (default: loopback)")
    worker = sub.add_parser("worker", help="run RQ workers against the configured Redis")
    worker.add_argument("--burst", action="store_true", help="stop when the queues are empty")
    worker.add_argument("--queues", default=",".join(QUEUES),
                        help=f"comma-separated queues to work (default: all, {','.join(QUEUES)})")
    save = sub.add_parser("backup", help="write a consistent copy of the store and the signing key into DIR, "
                                         "while the server serves (docs/operations.md)")
    save.add_argument("directory", help="a new or empty directory")
    load = sub.add_parser("restore", help="fill an empty data directory (or the empty ICEBERG_REDIS_URL) from a backup")
    load.add_argument("directory", help="a directory `iceberg backup` wrote")
    check = sub.add_parser("verify", help="check a game's export offline (docs/audit.md); exit 0 only if all holds")
    check.add_argument("source", help="the export: a file, - for standard input, or an http(s) URL")
    check.add_argument("--key", action="append", default=[],
                       help="a key (its id or hex public key) the checkpoints must be signed with; repeatable")
    check.add_argument("--quiet", action="store_true", help="print only the verdict")
    for name, what in (("ratings", "the players' ratings, records and leaderboards"),
                       ("history", "the history of games (GET /games)")):
        rebuild = sub.add_parser(name, help=f"{what}: rebuild from the games' logs (ICEBERG_REDIS_URL)")
        rebuild.add_argument("--rebuild", action="store_true", required=True,
                             help="throw it away and make it again from the logs")
    args = parser.parse_args(argv)
    if args.command in ("ratings", "history"):
        from .rebuild_cli import run as rebuild

        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
        return rebuild(args.command)
    if args.command == "verify":
        from .verify_cli import run

        return run(args.source, args.key, args.quiet)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    redact(logging.getLogger())  # no token in any line (service/runtime/logs.py)
    if args.command in ("backup", "restore"):
        return _backup_or_restore(args.command, Path(args.directory))
    if args.command == "serve":
        return serve_forever(args)
    return run_worker(args.burst, _queue_names(parser, args.queues))


def _backup_or_restore(command: str, directory: Path) -> int:
    from .backup import BackupError, backup, restore

    try:
        if command == "backup":
            manifest = backup(directory)
            log.info("backed up %s into %s in %s s: %s", manifest["source"], directory, manifest["seconds"],
                     ", ".join(f"{name} ({f['bytes']} bytes)" for name, f in manifest["files"].items()))
        else:
            restored = restore(directory)
            log.info("restored %s keys from %s into %s", restored["keys"], directory, restored["into"])
    except BackupError as e:
        log.error("%s", e)
        return 1
    return 0


def _queue_names(parser, text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = set(names) - set(QUEUES)
    if not names or unknown:
        parser.error(f"--queues takes some of {', '.join(QUEUES)}")
    return names


def run_worker(burst: bool = False, names: tuple[str, ...] = QUEUES) -> int:
    from rq import Queue
    from rq.serializers import JSONSerializer

    from ..wiring import connect, wire
    from .counting_worker import CountingWorker

    config = Config.from_env()
    if not config.effective_queue_url:
        worker_log.error("iceberg worker needs ICEBERG_REDIS_URL or ICEBERG_QUEUE_URL")
        return 2
    connection = connect(config.effective_queue_url)
    if not burst:
        # what comes due: games (deadlines, reminders, lost bot jobs, abandonment) and
        # notices to retry; RQ schedules nothing, so an idle worker writes nothing
        from .ticker import Ticker

        games = bool(config.redis_url) and QUEUE in names
        # a bot-only game's pace is kept to the tick: the game worker ticks at least that often
        every = min(config.sweep_s, config.bot_game_turn_s) if games and config.bot_game_turn_s > 0 else config.sweep_s
        Ticker(wire(config, queue_redis=connection), every, games=games, notices=NOTICES in names).start()
    # JSON, not pickle: a job read from Redis is data, never code to run
    queues = [Queue(name, connection=connection, serializer=JSONSerializer) for name in names]
    # SimpleWorker: no fork per job. Jobs are our own code and short (a bot turn
    # is milliseconds), so a fork and fresh connections per job would cost more
    # than the work; a crash still loses nothing (a due check enqueues again).
    # worker_ttl: its heartbeat is a write; once an hour is enough (we never rely
    # on RQ noticing a dead worker: the due index does)
    worker = CountingWorker(queues, connection=connection, serializer=JSONSerializer, worker_ttl=3600)
    worker_log.info("working on %s (pid %s)", ", ".join(names), os.getpid())
    # RQ logs several INFO lines per job: its warnings and errors only (a failed job is an error)
    worker.work(burst=burst, with_scheduler=False, logging_level="WARNING")
    return 0


def _worker_class(args) -> list[str]:
    """gunicorn's gevent or gthread worker, answering its own errors (414, 431) as
    problem+json (service/runtime/gunicorn_workers.py)."""
    if args.worker_class == "gevent":
        # the kernel's accept queue twice gunicorn's 2,048 (Linux caps it at net.core.somaxconn, 4,096
        # by default): a burst of connections from one address, refused at once in the accept loop,
        # then has 1.4 s of a worker's stall at 2,800 a second to fill it before others' SYNs are dropped
        return ["--worker-class", "service.runtime.gunicorn_workers.ProblemGeventWorker",
                "--worker-connections", str(args.connections), "--backlog", "4096"]
    return ["--worker-class", "service.runtime.gunicorn_workers.ProblemThreadWorker", "--threads", str(args.threads)]


def _control_socket(data: Path) -> list[str]:
    """gunicorn 25.1+ listens for `gunicornc` on a control socket whose default
    path is one per user ($XDG_RUNTIME_DIR/gunicorn.ctl), shared by every
    server that user runs: each server's is in its own data directory."""
    import gunicorn

    if gunicorn.version_info < (25, 1):
        return []
    path = data / "gunicorn.ctl"
    if len(os.fsencode(path)) >= 104:  # a Unix socket's path holds 108 bytes on Linux, 104 on BSDs
        log.info("no gunicorn control socket: %s is too long a path for a Unix socket", path)
        return ["--no-control-socket"]
    return ["--control-socket", str(path)]


def _port_taken(host: str, port: int) -> OSError | None:
    """Fail at once on a port in use, rather than restart gunicorn in a loop."""
    import socket

    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn does
        try:
            s.bind((host, port))
        except OSError as e:
            return e
    return None


def _raise_open_files_limit() -> None:
    """Thousands of waiting clients are thousands of sockets: allow as many as the system does."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def serve_forever(args) -> int:
    from .supervisor import DataDirInUse, Supervisor, lock_data_dir

    config = Config.from_env()
    data = Path(config.data_dir).resolve()
    # new: this user's alone; one that exists keeps its mode (it may be more than ours),
    # what we keep in it is private file by file (the lock, the password, redis/)
    data.mkdir(mode=0o700, parents=True, exist_ok=True)
    # the lock first: a second server on this directory must start nothing
    try:
        lock = lock_data_dir(data)
    except DataDirInUse as e:
        log.error("%s", e)
        return 1
    for host, port in ((args.host, args.port), *([(args.metrics_host, args.metrics_port)] if args.metrics_port else [])):
        taken = _port_taken(host, port)
        if taken:
            log.error("cannot serve on %s:%s: %s", host, port, taken.strerror)
            return 1
    if config.inbound_smtp:
        from .inbound import where

        try:
            _, host, port = where(config.inbound_smtp)
        except ValueError as e:
            log.error("%s", e)
            return 1
        if not config.mail_domain:
            log.error("ICEBERG_INBOUND_SMTP needs ICEBERG_MAIL_DOMAIN: the domain whose mail it takes")
            return 1
        taken = _port_taken(host, port)
        if taken:
            log.error("cannot receive mail on %s:%s: %s", host, port, taken.strerror)
            return 1
    _raise_open_files_limit()
    env = dict(os.environ)
    store = None
    if not config.redis_url:
        redis = _embedded_redis(data, config)  # its start makes redis/ private (service/runtime/redis_server.py)
        env["ICEBERG_REDIS_URL"] = redis.url  # with the password: children only, never logged
        _write_port(data / REDIS_PORT, redis.port)  # for `iceberg backup` (service/runtime/backup.py)
        store = _redis_child(redis)
        log.info("embedded redis-server on 127.0.0.1:%s, data in %s (appendfsync %s, password in %s)",
                 redis.port, redis.data_dir, config.appendfsync, data / REDIS_PASSWORD)
    metrics = []
    if args.metrics_port:
        env["PROMETHEUS_MULTIPROC_DIR"] = str(_metrics_dir(data))
        metrics = [_metrics_child(args, env)]
    game_workers = [_worker_child("the game worker" if n == 0 else f"game worker {n + 1}", ",".join(GAME_QUEUES),
                                  env, store) for n in range(max(1, args.game_workers))]
    children = [*([store] if store else []), *game_workers,
                _worker_child("the notices worker", NOTICES, env, store), _api_child(args, data, env), *metrics,
                *([_inbound_child(env, store)] if config.inbound_smtp else [])]
    log.info("serving on http://%s:%s", args.host, args.port)
    if config.inbound_smtp:
        log.info("receiving mail for %s on %s", config.mail_domain, config.inbound_smtp)
    if metrics:
        log.info("metrics on http://%s:%s/metrics", args.metrics_host, args.metrics_port)
    code = Supervisor(children, lock_fd=lock).run()
    log.info("stopped")
    return code


def _metrics_dir(data: Path) -> Path:
    """Where every child writes its metrics (prometheus_client's multiprocess
    mode): emptied at each start, so a value of a past run never counts."""
    import shutil

    path = data / "metrics"
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(mode=0o700)
    return path


def _metrics_child(args, env: dict):
    from .supervisor import Child

    command = [sys.executable, "-m", "service.runtime.metrics_server", "--host", args.metrics_host,
               "--port", str(args.metrics_port)]

    def launch(extra):
        return subprocess.Popen(command, env=env, **extra)

    # SIGKILL if the supervisor dies: it keeps nothing; 2: started without its directory
    return Child("the metrics server", launch, death_signal=signal.SIGKILL, fatal=(2,))


def _write_port(path: Path, port: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(f"{port}\n")


def _embedded_redis(data: Path, config: Config):
    from .redis_server import RedisServer, stored_password

    return RedisServer(data / "redis", appendfsync=config.appendfsync, password=stored_password(data / REDIS_PASSWORD))


def _redis_child(redis):
    from .supervisor import Child

    def launch(extra):
        redis.popen = extra  # the same port, password and data every time: the others keep their URL
        return redis.start().process

    # SIGTERM if the supervisor dies: Redis then writes what it has and exits
    return Child("the embedded redis-server", launch, layer=0, death_signal=signal.SIGTERM)


def _worker_child(name: str, queue: str, env: dict, store=None):
    from .supervisor import Child

    def launch(extra):
        return subprocess.Popen([sys.executable, "-m", "service.runtime.cli", "worker", "--queues", queue], env=env, **extra)

    # SIGKILL if the supervisor dies: a job cut short is harmless (jobs check before they act);
    # 2: a configuration error (no Redis URL, a bad argument), which a restart repeats;
    # restarted after the embedded Redis: the worker and its ticker start afresh on the
    # new server rather than each finding out in its own time that its connections died
    return Child(name, launch, death_signal=signal.SIGKILL, fatal=(2,), follows=store)


def _inbound_child(env: dict, store=None):
    from .supervisor import Child

    def launch(extra):
        return subprocess.Popen([sys.executable, "-m", "service.runtime.inbound"], env=env, **extra)

    # SIGTERM if the supervisor dies: the receiver stops taking mail (a message it had not
    # answered 250 is the MTA's to send again); 2: its settings are wrong, which a restart repeats
    return Child("the mail receiver", launch, death_signal=signal.SIGTERM, fatal=(2,), follows=store)


def _access_format() -> str:
    """Behind trusted proxies the first field is the proxy: the line also ends with what it forwarded."""
    if Config.from_env().trusted_proxies:
        return ACCESS_FORMAT + ' "%({x-forwarded-for}i)s"'
    return ACCESS_FORMAT


def _api_child(args, data: Path, env: dict):
    from .supervisor import Child

    # an access log line per request costs CPU on every request: opt in
    access = ["--access-logfile", "-", "--access-logformat", _access_format()] \
        if os.environ.get("ICEBERG_ACCESS_LOG") in ("1", "true", "yes") else []
    command = [sys.executable, "-m", "gunicorn", "--bind", f"{args.host}:{args.port}", "--workers", str(args.workers),
               *_worker_class(args), "--graceful-timeout", "10", *_control_socket(data), *access,
               *(["--config", "python:service.runtime.gunicorn_config"] if args.metrics_port else []),
               "--logger-class", "service.runtime.gunicorn_workers.RedactingLogger", "service.runtime.wsgi:app"]

    def launch(extra):
        return subprocess.Popen(command, env=env, **extra)

    # SIGINT if the supervisor dies: gunicorn's quick shutdown, its workers with it;
    # 3 and 4: its workers could not boot or load the app, which a restart repeats
    return Child("the API (gunicorn)", launch, death_signal=signal.SIGINT, fatal=(3, 4))


if __name__ == "__main__":
    sys.exit(main())

"""Helpers for worker tests: a worker process of our own, and job functions run
in this process against the test Redis."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def worker_env(redis_url, **extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
    env.update(ICEBERG_REDIS_URL=redis_url, ICEBERG_SWEEP_S="0.5", ICEBERG_REPAIR_S="2",
               ICEBERG_WEBHOOK_ALLOW_PRIVATE="1",
               ICEBERG_WEBHOOK_RETRY_S="1,1")
    env.update({k: str(v) for k, v in extra.items()})
    return env


def start_worker(redis_url, queues=None, output=None, **extra):
    """`iceberg worker` on the test Redis: all queues, or `queues` ("iceberg",
    "notices": as `iceberg serve` starts them); its log to the file `output`."""
    args = [str(BIN / "iceberg"), "worker"] + (["--queues", queues] if queues else [])
    sink = open(output, "ab") if output else subprocess.DEVNULL
    try:
        return subprocess.Popen(args, env=worker_env(redis_url, **extra), stdout=sink, stderr=sink,
                                start_new_session=True)
    finally:
        if output:
            sink.close()


def kill_group(process, sig=signal.SIGKILL):
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        pass
    process.wait(timeout=20)


def use_context(monkeypatch, redis_url, **extra):
    """Point the in-process job context (workers.context) at the test Redis. Its
    notices are delivered in their jobs (ICEBERG_NOTICE_THREADS=0), so that they
    have arrived when the jobs have run."""
    from workers import context as ctx_module
    from workers.notices import _ENDPOINTS

    extra.setdefault("ICEBERG_NOTICE_THREADS", "0")
    _ENDPOINTS.clear()  # no endpoint busy or failing from an earlier test
    for key, value in worker_env(redis_url, **extra).items():
        if key.startswith("ICEBERG_"):
            monkeypatch.setenv(key, value)
    ctx_module.context.cache_clear()
    return ctx_module.context()


def wait_until(predicate, timeout=60, every=0.1, what="", diagnose=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    detail = diagnose() if diagnose else ""
    raise AssertionError(f"timed out after {timeout} s waiting for {what or predicate}: {detail}")


def rq_state(redis) -> dict:
    """What the scheduler and the queue hold: for failure messages."""
    lock = redis.get("rq:scheduler-lock:iceberg")
    holder = redis.hgetall(b"rq:scheduler:" + lock) if lock else None
    return {"lock": lock, "holder": holder, "queued": redis.lrange("rq:queue:iceberg", 0, -1),
            "scheduled": redis.zrange("rq:scheduled:iceberg", 0, -1, withscores=True)}

"""RQ's SimpleWorker, counting each job it ran and how it ended
(service/app/metrics.py, `iceberg_jobs_total`): a bot's turns, due checks,
replays and notices show on the metrics as they run.

It also sends RQ's bookkeeping in fewer round trips, each of which waits for
Redis's fsync (`appendfsync always` serves the events on the same server):
a worker's heartbeat goes in one pipeline, and at most every HEARTBEAT_S
outside a job's own pipelines (its TTL is an hour: ICEBERG never relies on RQ
noticing a dead worker, the due index does); a state the worker is already in
is not written again; and a job's heartbeat as it ends is left out (its
success or failure is written next, in one transaction). bench/scale.py
counts the round trips per job (20.7 with RQ as it comes, about 11 with this,
the game's jobs keeping their result a second: service/app/jobs.py).
"""

from datetime import timedelta

from rq import SimpleWorker
from rq.utils import now

from ..app.metrics import job_ran

HEARTBEAT_S = 30


def _name(job) -> str:
    try:
        return job.func_name
    except Exception:  # noqa: BLE001 - a job that cannot be read (pickled by an old version) still counts
        return "unreadable"


class CountingWorker(SimpleWorker):
    # the signatures differ between RQ versions: passed on as they come
    def handle_job_success(self, job, queue, *args, **kwargs):
        job_ran(queue.name, _name(job), ok=True)
        return super().handle_job_success(job, queue, *args, **kwargs)

    def handle_job_failure(self, job, queue, *args, **kwargs):
        job_ran(queue.name, _name(job), ok=False)
        return super().handle_job_failure(job, queue, *args, **kwargs)

    def heartbeat(self, timeout=None, pipeline=None):
        if pipeline is not None:
            return super().heartbeat(timeout, pipeline=pipeline)
        last = getattr(self, "last_heartbeat", None)
        if timeout is None and last is not None and now() - last < timedelta(seconds=HEARTBEAT_S):
            return None  # written less than HEARTBEAT_S ago, with an hour's TTL
        with self.connection.pipeline(transaction=False) as pipe:
            super().heartbeat(timeout, pipeline=pipe)
            pipe.execute()
        return None

    def set_state(self, state, pipeline=None):
        if pipeline is None and state == getattr(self, "_state", None):
            return None
        return super().set_state(state, pipeline=pipeline)

    def handle_execution_ended(self, job, queue, heartbeat_ttl):
        job.ended_at = now()  # what RQ reads next; its heartbeat write would be overwritten at once

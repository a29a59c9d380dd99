"""Running the notices worker's jobs in this process (the worker's own code,
on the test Redis: tests/workers_helpers.py `use_context`)."""

from rq import SimpleWorker
from rq.serializers import JSONSerializer


def run_notices(ctx, retries_due_ms: int | None = None) -> None:
    """Every notice job queued (and, with `retries_due_ms`, the retries due by
    then, first put on the queue as the ticker does), until the queue is empty."""
    if retries_due_ms is not None:
        ctx.jobs.enqueue_due_notices(retries_due_ms)
    queue = ctx.jobs.notices
    SimpleWorker([queue], connection=queue.connection, serializer=JSONSerializer).work(burst=True)

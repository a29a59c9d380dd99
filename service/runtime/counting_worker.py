"""RQ's SimpleWorker, counting each job it ran and how it ended
(service/app/metrics.py, `iceberg_jobs_total`): a bot's turns, due checks,
replays and notices show on the metrics as they run."""

from rq import SimpleWorker

from ..app.metrics import job_ran


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

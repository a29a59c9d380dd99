"""Follow-up jobs after an append (bots, deadlines, notices, replays): the hook
the API calls once events are stored. Filled in by the workers issue; until
then there is nothing to enqueue."""


def job_hook():
    return None

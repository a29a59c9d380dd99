"""Every Redis key the server uses, built here and nowhere else.

A game's keys share the hash tag `{<game id>}`, so one Lua script may touch
them all on a Redis Cluster; the few keys outside any game are used one
command at a time. Who may touch which key:

  recorder.py    {g}:events      stream, entry id 0-<version>, fields e and p (codec.py)
                 {g}:meta        hash: version (and snap, below)
                 {g}:idem:<k>    the first response to Idempotency-Key k (scoped by caller), a day
  repository.py  {g}:snap        the latest snapshot of the folded state, and meta's `snap` field
  records.py     {g}:tokens      hash: SHA-256 of a seat token -> seat (written with the game's first append)
                 {g}:webhooks    hash: seat -> {url, secret}
                 {g}:replay:<n>:<json|txt>   a finished hand's replay and transcript
                 {g}:replay:<n>:end  the state at hand n's end: where hand n+1's replay starts
                 {g}:reminded:<deadline>     marker: that deadline's reminder was sent
                 iceberg:due     sorted set: games not finished -> when the workers next look at
                                 them (ms since the epoch): a deadline, a reminder, a lost bot
                                 job's repair, abandonment (service/due.py)
                 iceberg:active, iceberg:sweep   the index before iceberg:due; moved into it once
  jobs.py        iceberg:later   sorted set (queue Redis): a notice's retry -> when it is due
                 iceberg:created:<lookup>   an Idempotency-Key of POST /games (by a hash of
                                 it): the game it created and its answer, sealed, a day
  deliveries.py  {g}:deliveries:<seat>   list: the seat's last webhook delivery attempts, newest first
"""

DUE = "iceberg:due"
LATER = "iceberg:later"  # on the queue Redis: notices to retry -> when (ms); service/jobs.py
LEGACY_ACTIVE, LEGACY_SWEEP = "iceberg:active", "iceberg:sweep"


def created(lookup: str) -> str:
    return "iceberg:created:" + lookup


def tag(game_id: str) -> str:
    return "{" + game_id + "}"


def events(game_id: str) -> str:
    return tag(game_id) + ":events"


def meta(game_id: str) -> str:
    return tag(game_id) + ":meta"


def snap(game_id: str) -> str:
    return tag(game_id) + ":snap"


def tokens(game_id: str) -> str:
    return tag(game_id) + ":tokens"


def webhooks(game_id: str) -> str:
    return tag(game_id) + ":webhooks"


def idempotency(game_id: str, scoped_key: str) -> str:
    return tag(game_id) + ":idem:" + scoped_key


def replay(game_id: str, hand: int, form: str) -> str:
    return tag(game_id) + f":replay:{hand}:{form}"


def reminded(game_id: str, deadline: str) -> str:
    return tag(game_id) + f":reminded:{deadline}"


def deliveries(game_id: str, seat: int) -> str:
    return tag(game_id) + f":deliveries:{seat}"

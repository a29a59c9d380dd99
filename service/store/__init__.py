"""The event store on Redis, split by role (the keys each may touch: keys.py):

  codec.py       the stored form of an entry, versioned, and the hash chain
  recorder.py    the log: atomic appends in Lua, reads, waits, chain checks
  repository.py  games as folded states: cache, snapshots, load, append
  records.py     side records: tokens, webhooks, replays, active games, reminders
"""

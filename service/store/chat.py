"""A game's chat, kept beside its log and never in it (the log and its audit
chain hold the rules' events only): a list of messages, the n-th at index
n - 1, and the numbers of those the admin hid.

Saying appends in one script that also publishes "<game id> <number>" on
`iceberg:said`, which wakes the game's event streams as an append wakes them
(service/app/waiting.py). A game holds at most `MOST` messages.
"""

import json

from . import keys
from .recorder import text

SAID = "iceberg:said"
MOST = 10_000

_SAY = """
if redis.call('LLEN', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
local n = redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('PUBLISH', ARGV[3], ARGV[4] .. ' ' .. n)
return n
"""


class Chat:
    def __init__(self, redis):
        self.redis = redis
        self._say = redis.register_script(_SAY)

    def say(self, game_id: str, message: dict) -> int | None:
        """Append a message: its number (1 for the first), None if the game's chat is full."""
        n = self._say(keys=[keys.chat(game_id)],
                      args=[json.dumps(message, separators=(",", ":"), ensure_ascii=False), MOST, SAID, game_id])
        return int(n) or None

    def messages(self, game_id: str, after: int, limit: int) -> list[tuple[int, dict]]:
        """(number, message) of up to `limit` messages after number `after`."""
        found = self.redis.lrange(keys.chat(game_id), after, after + limit - 1)
        return [(after + i + 1, json.loads(m)) for i, m in enumerate(found)]

    def count(self, game_id: str) -> int:
        return self.redis.llen(keys.chat(game_id))

    def hidden(self, game_id: str) -> set[int]:
        return {int(n) for n in self.redis.hkeys(keys.chat_hidden(game_id))}

    def hide(self, game_id: str, number: int, at: str) -> None:
        self.redis.hsetnx(keys.chat_hidden(game_id), str(number), at)

    def when_hidden(self, game_id: str, number: int) -> str | None:
        return text(self.redis.hget(keys.chat_hidden(game_id), str(number)))

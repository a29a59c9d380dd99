"""What play by mail keeps (docs/api.md, "Play by e-mail"), every key built in keys.py:

- reply tokens: the random part of `play+<token>@<domain>`, kept only as its
  SHA-256, naming the game, the seat and the player it answers for (90 days;
  dead once the game has ended, which the mailbox checks on the game itself);
- the Message-IDs we sent about a game, with the version of the board they
  showed, so a reply is tied to the turn it answers;
- the Message-IDs received and handled, and those answered, so a mail
  delivered twice plays once and is answered once;
- mail counted per sender address (its hash) for the rate at SMTP time.
No address, token or message text is kept in a key's name or value but as hashes.
"""

import hashlib
import json
import secrets

from . import keys
from .codec import canonical

REPLY_TTL_S = 90 * 86400
SEEN_TTL_S = 30 * 86400


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


class Mailbox:
    def __init__(self, redis):
        self.redis = redis

    def new_reply_token(self, game_id: str, seat: int, player_id: str) -> str:
        """A new reply token for the player's seat in the game (lower-case hex: mail systems may fold case)."""
        token = secrets.token_hex(16)
        self.redis.set(keys.reply(_hash(token)), canonical({"game": game_id, "seat": seat, "player": player_id}),
                       ex=REPLY_TTL_S)
        return token

    def reply_of(self, token: str) -> dict | None:
        found = self.redis.get(keys.reply(_hash(token.lower())))
        return json.loads(found) if found else None

    def record_sent(self, message_id: str, game_id: str, seat: int, version: int) -> None:
        self.redis.set(keys.mail_sent(_hash(message_id.strip())),
                       canonical({"game": game_id, "seat": seat, "version": version}), ex=REPLY_TTL_S)

    def sent(self, message_id: str) -> dict | None:
        found = self.redis.get(keys.mail_sent(_hash(message_id.strip())))
        return json.loads(found) if found else None

    def handled(self, message_id: str) -> bool:
        return bool(self.redis.exists(keys.mail_done(_hash(message_id.strip()))))

    def mark_handled(self, message_id: str) -> None:
        self.redis.set(keys.mail_done(_hash(message_id.strip())), 1, ex=SEEN_TTL_S)

    def claim_answer(self, message_id: str) -> bool:
        """True once per Message-ID: only the first handling of a mail answers it."""
        return bool(self.redis.set(keys.mail_answered(_hash(message_id.strip())), 1, nx=True, ex=SEEN_TTL_S))

    def count_mail(self, address: str, window_s: int, now_s: float) -> int:
        """Mail from this sender in the current window, this one included."""
        key = keys.mail_rate(_hash(address.strip().lower()), int(now_s // window_s))
        pipe = self.redis.pipeline(transaction=False)
        pipe.incr(key)
        pipe.expire(key, window_s + 60)
        return int(pipe.execute()[0])

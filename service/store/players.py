"""Players and where they sit (docs/api.md, "Players, the lobby and play by mail").

A player is a name, maybe an e-mail address, notice settings, maybe a webhook,
and a personal token kept only as its SHA-256. Where a player sits is written
into the game's own token hash (`p:<player id>` -> seat) by the same append
that seats them, so a player token acts for exactly the seat the log gave
them; each player's games are indexed under the player for GET /me/games.
The e-mail address is personal data: it is read by its player (GET /me) and
by the notices worker, and goes nowhere else.
"""

import hashlib
import hmac
import json
import secrets

from . import keys
from .codec import canonical
from .recorder import text
from .records import Tokens

DELIVERIES_KEPT = 20
DELIVERIES_TTL_S = 30 * 86400
UNSUBSCRIBE_TTL_S = 90 * 86400
PLAYER_FIELD = "p:"  # in a game's token hash: p:<player id> -> seat
INBOX_BUILT = "inbox"  # in a player's hash: their inbox index is kept (players made before it get it built once)
SIGN_IN_TTL_S = 15 * 60  # a one-time sign-in code lives this long
SIGN_IN_TRIES = 5  # wrong codes that kill it
USED_FIELD = "used:"  # in a player's hash: used:<token id> -> when that token was last used (ms)
USED_EVERY_MS = 60_000  # a token's "last used" is written at most this often (per process)


def player_field(player_id: str) -> str:
    return PLAYER_FIELD + player_id


class Players:
    def __init__(self, redis):
        self.redis = redis
        self._tokens = Tokens(redis)
        self._used: dict[str, int] = {}  # token id -> when this process last wrote its use (ms)

    # --- accounts ----------------------------------------------------------------------------

    def create(self, player_id: str, name: str, email: str | None, token_hash: str, at_ms: int) -> None:
        record = {"name": name, "token": token_hash, "email_notices": "1", "created": at_ms, INBOX_BUILT: "1"}
        if email:
            record["email"] = email
        self.redis.hset(keys.player(player_id), mapping=record)
        self.add_token(player_id, token_hash, "first", at_ms)
        if email:
            self.redis.set(keys.player_email(address_hash(email)), player_id)

    def by_token(self, token_hash: str) -> str | None:
        """The player a token hash stands for: read each time (never cached), so a
        token revoked in one process is refused by every process at once."""
        return text(self.redis.get(keys.player_token(token_hash)))

    # --- a player's tokens: one per device or script ---------------------------------------------

    def add_token(self, player_id: str, token_hash: str, label: str, at_ms: int) -> str:
        """Record a new token (its hash) for the player; its id."""
        token_id = token_id_of(token_hash)
        # the order of making: tokens made in one millisecond are still listed oldest first
        made = self.redis.hincrby(keys.player(player_id), "tokens_made", 1)
        self.redis.hset(keys.player_tokens(player_id), token_id,
                        canonical({"hash": token_hash, "label": label, "created": at_ms, "made": made}))
        self.redis.set(keys.player_token(token_hash), player_id)
        return token_id

    def tokens(self, player_id: str) -> list[dict]:
        """The player's tokens (id, label, created, last used in ms), oldest first; never their hashes."""
        found = {text(k): json.loads(v) for k, v in self.redis.hgetall(keys.player_tokens(player_id)).items()}
        first = text(self.redis.hget(keys.player(player_id), "token"))
        if first and token_id_of(first) not in found:  # a player made before devices: their first token
            found[token_id_of(first)] = {"hash": first, "label": "first", "created": self._created(player_id)}
        used = {text(k)[len(USED_FIELD):]: int(v) for k, v in self.redis.hgetall(keys.player(player_id)).items()
                if text(k).startswith(USED_FIELD)}
        alive = [(token_id, entry) for token_id, entry in found.items()
                 if self.redis.exists(keys.player_token(entry["hash"]))]
        alive.sort(key=lambda item: (item[1]["created"] or 0, item[1].get("made", 0), item[0]))
        return [{"id": token_id, "label": entry["label"], "created": entry["created"],
                 "last_used": used.get(token_id)} for token_id, entry in alive]

    def _created(self, player_id: str) -> int | None:
        created = text(self.redis.hget(keys.player(player_id), "created"))
        return int(created) if created else None

    def revoke_token(self, player_id: str, token_id: str) -> bool:
        """Revoke one of the player's tokens: refused from the next request on, in every process."""
        entry = self.redis.hget(keys.player_tokens(player_id), token_id)
        hashed = json.loads(entry)["hash"] if entry else None
        first = text(self.redis.hget(keys.player(player_id), "token"))
        if hashed is None and first and token_id_of(first) == token_id:
            hashed = first
        if hashed is None or text(self.redis.get(keys.player_token(hashed))) != player_id:
            return False
        self.redis.delete(keys.player_token(hashed))
        self.redis.hdel(keys.player_tokens(player_id), token_id)
        self.redis.hdel(keys.player(player_id), USED_FIELD + token_id)
        return True

    def used(self, player_id: str, token_hash: str, at_ms: int) -> None:
        """Note that a token was used (written at most once a minute per token and process)."""
        token_id = token_id_of(token_hash)
        if at_ms - self._used.get(token_id, 0) < USED_EVERY_MS:
            return
        if len(self._used) > 100_000:
            self._used.clear()
        self._used[token_id] = at_ms
        self.redis.hset(keys.player(player_id), USED_FIELD + token_id, at_ms)

    # --- sign-in by e-mail ---------------------------------------------------------------------

    def by_email(self, email: str) -> str | None:
        """The player whose address this is (as it stands on their record), if any."""
        player_id = text(self.redis.get(keys.player_email(address_hash(email))))
        if player_id is None:
            return None
        record = self.get(player_id)
        if record is None or not record["email"] or record["email"].lower() != email.strip().lower():
            return None
        return player_id

    def index_emails(self, batch: int = 1000) -> int:
        """Index the address of every player whose address is not indexed yet (a
        player made by a server older than sign-in by code): how many were."""
        indexed = 0
        for key in self.redis.scan_iter(match=keys.PLAYER_PATTERN, count=batch):
            player_id = text(key).rsplit(":", 1)[1]
            email = text(self.redis.hget(key, "email"))
            if email and self.redis.set(keys.player_email(address_hash(email)), player_id, nx=True):
                indexed += 1
        return indexed

    def new_sign_in_code(self, player_id: str, email: str, at_ms: int) -> str | None:
        """A new one-time code for the address (kept as a salted hash, 15 minutes),
        replacing any before it; None if one was made in the last minute (no flood of mail)."""
        key = keys.sign_in(address_hash(email))
        made = text(self.redis.hget(key, "made"))
        if made and at_ms - int(made) < 60_000:
            return None
        code = f"{secrets.randbelow(10 ** 8):08d}"
        salt = secrets.token_hex(16)
        pipe = self.redis.pipeline(transaction=True)
        pipe.delete(key)
        pipe.hset(key, mapping={"hash": _code_hash(salt, code), "salt": salt, "player": player_id,
                                "tries": 0, "made": at_ms})
        pipe.expire(key, SIGN_IN_TTL_S)
        pipe.execute()
        return code

    def confirm_sign_in(self, email: str, code: str) -> str | None:
        """The player, if `code` is the address's live code (which is then used up);
        a wrong code counts, and the fifth kills it."""
        key = keys.sign_in(address_hash(email))
        found = {text(k): text(v) for k, v in self.redis.hgetall(key).items()}
        if not found or int(found.get("tries") or 0) >= SIGN_IN_TRIES:
            return None
        if not hmac.compare_digest(_code_hash(found["salt"], code.strip()), found["hash"]):
            if self.redis.hincrby(key, "tries", 1) >= SIGN_IN_TRIES:
                self.redis.delete(key)
            return None
        if not self.redis.delete(key):  # used by a request that came at the same moment
            return None
        return found["player"]

    def get(self, player_id: str) -> dict | None:
        found = {text(k): text(v) for k, v in self.redis.hgetall(keys.player(player_id)).items()}
        if not found:
            return None
        hook = found.get("webhook")
        return {"id": player_id, "name": found["name"], "email": found.get("email"),
                "email_notices": found.get("email_notices") == "1",
                "webhook": json.loads(hook) if hook else None}

    def names(self, player_ids: list[str]) -> dict[str, str]:
        """player id -> name, for those that exist (one round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.hget(keys.player(player_id), "name")
        return {p: text(name) for p, name in zip(player_ids, pipe.execute()) if name is not None}

    def update(self, player_id: str, name: str | None = None, email=..., email_notices: bool | None = None):
        """Change what is given; `email=None` removes the address."""
        changes = {}
        if name is not None:
            changes["name"] = name
        if email_notices is not None:
            changes["email_notices"] = "1" if email_notices else "0"
        if email is not ...:
            old = text(self.redis.hget(keys.player(player_id), "email"))
            if old and old.lower() != (email or "").lower():
                self.redis.delete(keys.player_email(address_hash(old)))
        if email is None:
            self.redis.hdel(keys.player(player_id), "email")
        elif email is not ...:
            changes["email"] = email
            self.redis.set(keys.player_email(address_hash(email)), player_id)
        if changes:
            self.redis.hset(keys.player(player_id), mapping=changes)

    def set_webhook(self, player_id: str, url: str, secret: str) -> None:
        self.redis.hset(keys.player(player_id), "webhook", canonical({"url": url, "secret": secret}))

    def delete_webhook(self, player_id: str) -> bool:
        return bool(self.redis.hdel(keys.player(player_id), "webhook"))

    # --- where they sit ----------------------------------------------------------------------

    def seat_in(self, game_id: str, player_id: str) -> int | None:
        """The seat the player sits in, in that game (a field of the game's token hash, cached once found)."""
        return self._tokens.seat_of(game_id, player_field(player_id))

    def seated(self, game_id: str) -> dict[int, str]:
        """seat -> player id, for the seats that have a player."""
        return {int(seat): text(field)[len(PLAYER_FIELD):]
                for field, seat in self.redis.hgetall(keys.tokens(game_id)).items()
                if text(field).startswith(PLAYER_FIELD)}

    def will_sit(self, game_id: str, player_id: str, at_ms: int, inbox_score: int) -> None:
        """Before the append that seats the player: index the game under them (a
        game the append then refused is dropped from the index when listed) and
        mark the game as having players to notify."""
        self.redis.zadd(keys.player_games(player_id), {game_id: at_ms}, nx=True)
        self.redis.zadd(keys.player_inbox(player_id), {game_id: inbox_score}, nx=True)
        self.redis.hset(keys.webhooks(game_id), "players", "1")

    # --- the inbox index (service/app/inbox.py says what its scores mean) -------------------

    def joined(self, game_id: str, player_ids: list[str]) -> dict[str, int]:
        """player -> when they joined the game (ms), for those indexed (one round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.zscore(keys.player_games(player_id), game_id)
        return {p: int(at) for p, at in zip(player_ids, pipe.execute()) if at is not None}

    def place_in_inbox(self, game_id: str, scores: dict[str, int]) -> None:
        """Each player's place for the game in their inbox (one round trip)."""
        pipe = self.redis.pipeline(transaction=False)
        for player_id, score in scores.items():
            pipe.zadd(keys.player_inbox(player_id), {game_id: score})
        pipe.execute()

    def inbox_page(self, player_id: str, after: tuple[int, str] | None, count: int) -> list[tuple[str, int]]:
        """Up to `count` (game, score) of the inbox in its order, after the entry `after`."""
        key = keys.player_inbox(player_id)
        if after is None:
            return [(text(g), int(s)) for g, s in self.redis.zrange(key, 0, count - 1, withscores=True)]
        score, game = after
        page: list[tuple[str, int]] = []
        offset = 0
        while len(page) < count:  # the entries of the cursor's own score sort by member: skip up to it
            found = self.redis.zrangebyscore(key, score, "+inf", start=offset, num=count + 16, withscores=True)
            for member, at in found:
                entry = (text(member), int(at))
                if (entry[1], entry[0]) > (score, game):
                    page.append(entry)
            if len(found) < count + 16:
                break
            offset += len(found)
        return page[:count]

    def inbox_count(self, player_id: str, below: int) -> int:
        return self.redis.zcount(keys.player_inbox(player_id), "-inf", f"({below}")

    def inbox_built(self, player_id: str) -> bool:
        return self.redis.hget(keys.player(player_id), INBOX_BUILT) is not None

    def mark_inbox_built(self, player_id: str) -> None:
        self.redis.hset(keys.player(player_id), INBOX_BUILT, "1")

    def games(self, player_id: str) -> list[str]:
        """The player's games not seen finished, those joined last first."""
        return [text(g) for g in self.redis.zrevrange(keys.player_games(player_id), 0, -1)]

    def finished_games(self, player_id: str, limit: int) -> list[str]:
        return [text(g) for g in self.redis.zrevrange(keys.player_done(player_id), 0, limit - 1)]

    def finished_page(self, player_id: str, after: tuple[int, str] | None, count: int) -> list[tuple[str, int]]:
        """Up to `count` (game, when seen finished) of the finished games, the last first, after `after`."""
        key = keys.player_done(player_id)
        if after is None:
            return [(text(g), int(s)) for g, s in self.redis.zrevrange(key, 0, count - 1, withscores=True)]
        score, game = after
        found = self.redis.zrevrangebyscore(key, score, "-inf", start=0, num=count + 16, withscores=True)
        page = [(text(g), int(s)) for g, s in found]
        return [e for e in page if (e[1], e[0]) < (score, game)][:count]

    def file_finished(self, player_id: str, game_id: str, at_ms: int) -> None:
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(keys.player_done(player_id), {game_id: at_ms}, nx=True)
        pipe.zrem(keys.player_games(player_id), game_id)
        pipe.zrem(keys.player_inbox(player_id), game_id)
        pipe.execute()

    def forget(self, player_id: str, game_id: str) -> None:
        """A game indexed for a seat the player did not get."""
        self.redis.zrem(keys.player_games(player_id), game_id)
        self.redis.zrem(keys.player_inbox(player_id), game_id)

    # --- notices -----------------------------------------------------------------------------

    def record_delivery(self, player_id: str, entry: dict) -> None:
        key = keys.player_deliveries(player_id)
        pipe = self.redis.pipeline(transaction=False)
        pipe.lpush(key, canonical(entry))
        pipe.ltrim(key, 0, DELIVERIES_KEPT - 1)
        pipe.expire(key, DELIVERIES_TTL_S)
        pipe.execute()

    def deliveries(self, player_id: str) -> list[dict]:
        return [json.loads(e) for e in self.redis.lrange(keys.player_deliveries(player_id), 0, DELIVERIES_KEPT - 1)]

    def unsubscribe_token(self, player_id: str, token_hash) -> str:
        """A new one-click unsubscribe token for one e-mail (kept as its hash, 90 days)."""
        token = "un_" + secrets.token_urlsafe(24)
        self.redis.set(keys.unsubscribe(token_hash(token)), player_id, ex=UNSUBSCRIBE_TTL_S)
        return token

    def unsubscribe(self, hashed: str) -> str | None:
        """Turn e-mail notices off for the player of this token: the player, or None."""
        player_id = text(self.redis.get(keys.unsubscribe(hashed)))
        if player_id is not None and self.redis.exists(keys.player(player_id)):
            self.redis.hset(keys.player(player_id), "email_notices", "0")
            return player_id
        return None


def address_hash(email: str) -> str:
    """An e-mail address as its index keys it: lower-cased, hashed (no address in a key's name)."""
    return hashlib.sha256(email.strip().lower().encode("utf-8")).hexdigest()


def token_id_of(token_hash: str) -> str:
    """A token's public id: a short piece of its hash (never enough to find the token)."""
    return "t_" + token_hash[:16]


def _code_hash(salt: str, code: str) -> str:
    return hashlib.sha256(f"{salt}:{code}".encode("utf-8")).hexdigest()

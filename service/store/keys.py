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
                 {g}:replay:<n>:<json|txt>   a finished hand's replay and transcript, zlib, a day (a cache)
                 {g}:replay:<n>:end  the state at hand n's end: where hand n+1's replay starts, zlib, a day
                 {g}:reminded:<deadline>     marker: that deadline's reminder was sent
                 iceberg:due     sorted set: games not finished -> when the workers next look at
                                 them (ms since the epoch): a deadline, a reminder, a lost bot
                                 job's repair, abandonment (service/app/due.py)
                 iceberg:active, iceberg:sweep   the index before iceberg:due; moved into it once
                 iceberg:upgrades  hash: the one-off steps of an upgrade done on this data set
  archiving.py   {g}:sealed      a finished game's keys (all but summary and info) as one gzip JSON document,
                                 once its end is settled (service/app/archiving.py); brought back for an hour when read
  archived.py    iceberg:finished  sorted set: finished games whose end is settled -> when they ended (ms),
                                 until they are archived (service/app/archiving.py)
                 iceberg:sealing   sorted set: the same, until they are sealed (an hour after their end)
                 iceberg:archived  hash: an archived game -> when it was archived (ms): the one thing a game
                                 keeps in Redis once archived (its document: store/archive.py)
  jobs.py        iceberg:later   sorted set (queue Redis): a notice's retry -> when it is due
                 iceberg:later:bot-games   sorted set (queue Redis): a bot-only game's next bot turn
                                 (game, version) -> when its pace allows it (ICEBERG_BOT_GAME_TURN_S)
                 iceberg:created:<lookup>   an Idempotency-Key of POST /games (by a hash of
                                 it): the game it created and its answer, sealed, a day
  deliveries.py  {g}:deliveries:<seat>   list: the seat's last webhook delivery attempts, newest first
  players.py     {g}:tokens      also `p:<player id>` -> the seat that player sits in (written with
                                 the append that seats them, as seat tokens are)
                 {g}:webhooks    also `players` -> 1: some seat has a player whose notices go to
                                 their own webhook or e-mail (so an append's webhook count says
                                 "look", and Webhooks.of skips it)
                 {g}:info        hash: the game's name, `listed`, the invite code's SHA-256, created (ms);
                                 for a bot-only game its creator token's SHA-256 and creating player
                 iceberg:player:<p>          hash: a player's name, e-mail, token hash, settings, webhook
                 iceberg:player-token:<h>    SHA-256 of a player token -> the player's id
                 iceberg:player:<p>:games    sorted set: the player's games not seen finished -> joined (ms)
                 iceberg:player:<p>:done     sorted set: the player's finished games -> when seen so (ms)
                 iceberg:player:<p>:inbox    sorted set: the player's open and active games -> their place in
                                 GET /me/games ("my turn first, soonest deadline": service/app/inbox.py),
                                 kept by the append's follow-ups
                 iceberg:player:<p>:deliveries  list: the player's last webhook and e-mail attempts
                 iceberg:lobby   sorted set: listed open games -> created (ms)
                 iceberg:unsubscribe:<h>     SHA-256 of an e-mail's unsubscribe token -> the player, 90 days
                 iceberg:player:<p>:tokens   hash: token id -> {hash, label, created}: the player's tokens
                 iceberg:player:<p>          also `used:<token id>` -> when it was last used (ms, a minute apart)
                 iceberg:player-email:<h>    SHA-256 of a lower-cased e-mail address -> the player's id
                 iceberg:sign-in:<h>         hash (the address's SHA-256): a one-time code's salted hash,
                                 its player, wrong tries, when made; 15 minutes
  mailbox.py     iceberg:reply:<h>           SHA-256 of a reply token -> game, seat, player; 90 days
                 iceberg:mail:sent:<h>       SHA-256 of a Message-ID we sent -> game, seat, version shown; 90 days
                 iceberg:mail:done:<h>       SHA-256 of a Message-ID received and handled, 30 days
                 iceberg:mail:answered:<h>   the same, once its answer is on its way, 30 days
                 iceberg:mail:rate:<h>:<n>   mails from one sender (its address's SHA-256) in window n
                 (the keys outside a game's slot are used one command at a time)
  deals.py       iceberg:deals:<c>           the secret behind commitment c (docs/audit.md), kept
                 iceberg:deals:offered:<c>   a secret offered (POST /commitments) for a game to take, an hour
  history.py     {g}:summary     hash: `v` (the version it shows) and `json`: the game as GET /games lists it
                 iceberg:history:all, iceberg:history:status:<s>, iceberg:history:variant:<v>,
                 iceberg:history:variant:<v>:<s>, iceberg:player:<p>:history, iceberg:player:<p>:history:<s>
                                 sorted sets (all scores 0, ordered by member): "<created ms, 13 digits>:<game id>"
                                 of every game, by status (active, finished), variant, and player
  standings.py   iceberg:{standings}:...  ratings, records and leaderboards, in one hash slot (the tag) so that
                                 one script commits a game's standing: `seq` (a counter of commits),
                                 `games` (hash: game -> its standing), `order:<v>` (sorted set: the rated games
                                 of a variant -> when they ended), `records:<v>` (hash: player or bot -> games,
                                 wins, rating), `board:<v>` (sorted set: who has 5 rated games -> ordinal);
                                 a rebuild writes `<key>:new` and renames
  chat.py        {g}:chat        list: the game's chat messages, the n-th message at index n - 1
                 {g}:chat:hidden hash: message number -> when the admin hid it
  creators.py    iceberg:bot-games:<c>       sorted set: a creator's bot-only games (c: p:<player> or a:<address
                                 hash>) -> created (ms); finished ones pruned as it is read
                 iceberg:bot-only  set: every bot-only game until its end is settled (records.py `DueGames`)
  audit.py       {g}:checkpoints  hash: hand (or "end") -> the signed chain head there; reads {g}:events
                 iceberg:signing-keys  hash: key id -> public key (hex) of every key that has signed
                 {g}:export      hash: version, json: the game's export at that version (zlib; a cache, a day)
"""

DUE = "iceberg:due"
BOT_ONLY = "iceberg:bot-only"  # set: the bot-only games not settled yet (their checks go on the bot-games queue)
LATER = "iceberg:later"  # on the queue Redis: notices to retry -> when (ms); service/app/jobs.py
LATER_BOT_GAMES = "iceberg:later:bot-games"  # on the queue Redis: a bot-only game's next turn -> when (ms)
LEGACY_ACTIVE, LEGACY_SWEEP = "iceberg:active", "iceberg:sweep"
FINISHED = "iceberg:finished"  # finished games, settled, not yet archived -> when they ended (ms)
SEALING = "iceberg:sealing"  # finished games, settled, not yet sealed -> when they ended (ms)
ARCHIVED = "iceberg:archived"  # hash: an archived game -> when it was archived (ms)
UPGRADES = "iceberg:upgrades"  # hash: a one-off step of an upgrade -> done (store/records.py Upgrades)


def created(lookup: str) -> str:
    return "iceberg:created:" + lookup


def tag(game_id: str) -> str:
    return "{" + game_id + "}"


def sealed(game_id: str) -> str:
    return tag(game_id) + ":sealed"


def of_game(game_id: str, suffix: str) -> str:
    """A game's key by its suffix (`events`, `chat:hidden`): for the archive, which moves them all."""
    return tag(game_id) + ":" + suffix


GAME_PATTERN = "{%s}:*"  # every key of a game (SCAN MATCH), for the archive


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


REPLAY_PATTERN = "{*}:replay:*"  # every game's replays, for the upgrade that drops those kept for ever


def replay(game_id: str, hand: int, form: str) -> str:
    return tag(game_id) + f":replay:{hand}:{form}"


def reminded(game_id: str, deadline: str) -> str:
    return tag(game_id) + f":reminded:{deadline}"


def deliveries(game_id: str, seat: int) -> str:
    return tag(game_id) + f":deliveries:{seat}"


def info(game_id: str) -> str:
    return tag(game_id) + ":info"


LOBBY = "iceberg:lobby"


def player(player_id: str) -> str:
    return "iceberg:player:" + player_id


#: every player's record and nothing else (an id is p_ and 16 hex digits), for a walk over all of them
PLAYER_PATTERN = "iceberg:player:p_" + "?" * 16


def player_token(token_hash: str) -> str:
    return "iceberg:player-token:" + token_hash


def player_games(player_id: str) -> str:
    return player(player_id) + ":games"


def player_done(player_id: str) -> str:
    return player(player_id) + ":done"


def player_inbox(player_id: str) -> str:
    return player(player_id) + ":inbox"


def player_deliveries(player_id: str) -> str:
    return player(player_id) + ":deliveries"


def unsubscribe(token_hash: str) -> str:
    return "iceberg:unsubscribe:" + token_hash


def player_tokens(player_id: str) -> str:
    return player(player_id) + ":tokens"


def player_email(address_hash: str) -> str:
    return "iceberg:player-email:" + address_hash


def sign_in(address_hash: str) -> str:
    return "iceberg:sign-in:" + address_hash


def reply(token_hash: str) -> str:
    return "iceberg:reply:" + token_hash


def mail_sent(id_hash: str) -> str:
    return "iceberg:mail:sent:" + id_hash


def mail_done(id_hash: str) -> str:
    return "iceberg:mail:done:" + id_hash


def mail_answered(id_hash: str) -> str:
    return "iceberg:mail:answered:" + id_hash


def mail_rate(address_hash: str, window: int) -> str:
    return f"iceberg:mail:rate:{address_hash}:{window}"


def summary(game_id: str) -> str:
    return tag(game_id) + ":summary"


HISTORY = "iceberg:history:"


def history(facet: str) -> str:
    """One of the history's indexes: all, status:<s>, variant:<v>, variant:<v>:<s>."""
    return HISTORY + facet


def player_history(player_id: str, status: str | None = None) -> str:
    return player(player_id) + ":history" + (f":{status}" if status else "")


STANDINGS = "iceberg:{standings}:"  # one hash slot: a standing is committed by one script
STANDINGS_SEQ = STANDINGS + "seq"
STANDINGS_GAMES = STANDINGS + "games"


def standings_order(variant: str) -> str:
    return STANDINGS + "order:" + variant


def standings_records(variant: str) -> str:
    return STANDINGS + "records:" + variant


def leaderboard(variant: str) -> str:
    return STANDINGS + "board:" + variant


def chat(game_id: str) -> str:
    return tag(game_id) + ":chat"


def chat_hidden(game_id: str) -> str:
    return tag(game_id) + ":chat:hidden"


SIGNING_KEYS = "iceberg:signing-keys"


def deal_secret(commitment: str) -> str:
    return "iceberg:deals:" + commitment


def offered_deals(commitment: str) -> str:
    return "iceberg:deals:offered:" + commitment


def checkpoints(game_id: str) -> str:
    return tag(game_id) + ":checkpoints"


def export(game_id: str) -> str:
    return tag(game_id) + ":export"


def bot_games(creator: str) -> str:
    return "iceberg:bot-games:" + creator

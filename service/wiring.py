"""The one wiring function: the store's parts, the queue, the clock and the
config, built the same way for the Flask app, the workers and the CLI."""

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable

import redis

from .app.archiving import Archiver
from .app.commands import GameCommands
from .app.deals import Dealer
from .app.followups import FollowUps
from .app.history import Filing
from .app.inbox import Inbox
from .app.jobs import Jobs
from .app.pages import Pages
from .app.standings import Book
from .app.waiting import Hub
from .config import Config
from .store.archive import Archive
from .store.archived import ArchivedGames
from .store.chat import Chat
from .store.creators import Creators
from .store.history import GameHistory
from .store.lobby import Lobby
from .store.mailbox import Mailbox
from .store.players import Players
from .store.recorder import Recorder
from .store.records import Creations, DueGames, Reminders, Replays, Tokens, Upgrades, Webhooks
from .store.repository import Repository
from .store.standings import Standings

HEALTH_PROBE = "iceberg:health-probe"  # never set


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class Services:
    config: Config
    clock: Callable[[], datetime]
    recorder: Recorder
    repository: Repository
    tokens: Tokens
    webhooks: Webhooks
    replays: Replays
    due: DueGames
    reminders: Reminders
    creations: Creations
    hub: Hub
    pages: Pages
    jobs: Jobs | None  # None: follow-ups are not enqueued (no queue)
    follow_ups: FollowUps
    commands: GameCommands
    queue_redis: object = None
    players: Players | None = None  # player accounts and where they sit (store/players.py)
    lobby: Lobby | None = None  # games' names, invites and the lobby (store/lobby.py)
    history: GameHistory | None = None  # the history of games (store/history.py)
    filing: Filing | None = None  # files games in it (app/history.py)
    standings: Standings | None = None  # ratings, records, leaderboards (store/standings.py)
    book: Book | None = None  # records games' standings (app/standings.py)
    chat: Chat | None = None  # the games' chat (store/chat.py)
    creators: Creators | None = None  # who created each bot-only game (store/creators.py)
    inbox: Inbox | None = None  # the players' GET /me/games (app/inbox.py)
    upgrades: Upgrades | None = None  # one-off steps for data written by older servers (store/records.py)
    archiver: Archiver | None = None  # finished games out of Redis and back (app/archiving.py)
    mailbox: Mailbox | None = None  # play by mail: reply tokens, mail sent and handled (store/mailbox.py)

    def health(self) -> dict:
        checks = {"store": _pings(self.recorder.redis), "store_writable": _writable(self.recorder.redis)}
        if self.queue_redis is not None:
            checks["queue"] = _pings(self.queue_redis)
        return checks


def connect(url: str, socket_timeout: float | None = 5, cluster: bool = False, pool: int | None = None):
    """A client: bytes in and out (the store hashes exact bytes); timeouts keep
    a dead server from hanging a request forever; with `pool`, at most that
    many connections, a caller waiting for a free one (so thousands of waiting
    clients never mean thousands of Redis connections)."""
    if cluster:
        from redis.cluster import RedisCluster

        return RedisCluster.from_url(url, decode_responses=False, socket_timeout=socket_timeout,
                                     socket_connect_timeout=2, **({"max_connections": pool} if pool else {}))
    if pool:
        connections = redis.BlockingConnectionPool.from_url(
            url, max_connections=pool, timeout=10, decode_responses=False, socket_timeout=socket_timeout,
            socket_connect_timeout=2, health_check_interval=30)
        return redis.Redis(connection_pool=connections)
    return redis.Redis.from_url(url, decode_responses=False, socket_timeout=socket_timeout,
                                socket_connect_timeout=2, health_check_interval=30)


def connect_store(config: Config, socket_timeout: float | None = 5, pool: int | None = None):
    return connect(config.redis_url, socket_timeout, cluster=config.redis_cluster, pool=pool)


def _listening_client(config: Config, store_redis):
    """A client for the append listener's subscription: no read timeout (it waits)."""
    if config.redis_url:
        return connect_store(config, socket_timeout=None)
    kwargs = dict(store_redis.connection_pool.connection_kwargs, socket_timeout=None)
    return redis.Redis(**kwargs)


def wire(config: Config | None = None, *, store_redis=None, queue_redis=None, clock=None,
         jobs: bool = True) -> Services:
    """Everything the app, a worker or the CLI needs. With `jobs`, follow-ups
    (bots, deadlines, replays, notices) are enqueued on the queue Redis."""
    config = config or Config.from_env()
    clock = clock or utc_now
    if store_redis is None:
        if not config.redis_url:
            raise RuntimeError("no ICEBERG_REDIS_URL: `iceberg serve` starts an embedded Redis and sets it")
        store_redis = connect_store(config, pool=config.redis_pool)
    if queue_redis is None and config.effective_queue_url:
        queue_redis = connect(config.effective_queue_url, pool=config.redis_pool)
    recorder = Recorder(store_redis)
    repository = Repository(recorder, clock=clock, snapshot_every=config.snapshot_every)
    due, webhooks = DueGames(store_redis), Webhooks(store_redis)
    queue = Jobs(queue_redis, clock) if jobs and queue_redis is not None else None
    players, lobby, history, standings = Players(store_redis), Lobby(store_redis), GameHistory(store_redis), \
        Standings(store_redis)
    filing, chat = Filing(history, recorder, players, lobby), Chat(store_redis)
    inbox = Inbox(players, clock)
    archiver = Archiver(store_redis, Archive(config.archive_path), ArchivedGames(store_redis), repository, due, clock,
                        config.archive_after_days, config.seal_after_s)
    repository.bring_back, history.archived_summary = archiver.bring_back, archiver.summary
    follow_ups = FollowUps(queue, due, webhooks, clock, config.repair_s, config.abandon_days * 86400,
                           config.bot_game_turn_s, filing=filing, inbox=inbox)
    return Services(
        config=config, clock=clock, recorder=recorder, repository=repository, tokens=Tokens(store_redis),
        webhooks=webhooks, replays=Replays(store_redis), due=due, reminders=Reminders(store_redis),
        creations=Creations(store_redis), hub=Hub(recorder, _listening_client(config, store_redis), chat),
        pages=Pages(),
        jobs=queue,
        follow_ups=follow_ups, commands=GameCommands(repository, follow_ups, clock, dealer=Dealer(store_redis)),
        queue_redis=queue_redis,
        players=players, lobby=lobby, history=history, filing=filing, standings=standings,
        book=Book(standings, repository, players), chat=chat, creators=Creators(store_redis), inbox=inbox,
        upgrades=Upgrades(store_redis), archiver=archiver, mailbox=Mailbox(store_redis))


def _writable(client) -> bool:
    """The store takes writes: a DEL of a key that never exists is a write command,
    refused as any write is (a failed disk, a read-only replica, too few replicas),
    yet it changes nothing and so is never written to the AOF."""
    try:
        client.delete(HEALTH_PROBE)
        return True
    except redis.RedisError:
        return False


def _pings(client) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False

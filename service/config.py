"""Settings, from the environment (docs/api.md, "Running the server") or given directly."""

import os
from dataclasses import dataclass, field

#: rate-limit class -> its limits (flask-limiter's notation): the views declare their class (service/http/limits.py);
#: every view that writes has one (tests/test_limits.py walks the routes). `exports` counts cost units
#: (service/http/audit.py: a request costs 1 per 100 events of its game), not requests
RATE_LIMIT_DEFAULTS = {"create": "20/minute;200/hour", "actions": "300/minute", "waits": "300/minute",
                       "settings": "30/minute;300/hour", "exports": "600/minute", "chat": "20/minute;200/hour",
                       "sign_in": "10/minute;50/hour",
                       # mail received per sender address, refused at SMTP time (service/runtime/inbound.py)
                       "mail": "30/hour"}


@dataclass(frozen=True)
class Config:
    redis_url: str | None = None  # the event store; None: start an embedded Redis
    redis_cluster: bool = False  # the event store's URL names a node of a Redis Cluster
    queue_url: str | None = None  # RQ; defaults to redis_url
    data_dir: str = "./.iceberg"
    admin_token: str | None = None
    appendfsync: str = "always"
    snapshot_every: int = 100
    max_body_bytes: int = 64 * 1024
    request_read_s: float = 30.0  # a request's body must arrive within this of its headers (gunicorn's workers)
    client_connections: int = 1000  # connections of one client address per server process (gevent); 0: no cap
    client_connection_rate: float = 20.0  # new connections a second per client address and server process; 0: any
    client_connection_burst: int = 40  # ... of which this many at once (service/runtime/connection_rate.py)
    client_requests: int = 200  # requests in flight per client (token, else address) per server process; 0: no cap
    max_wait_s: int = 30  # long-poll bound for GET /events?wait=
    webhook_allow_private: bool = False  # loopback/private webhook URLs (tests, LANs)
    webhook_retry_s: tuple[int, ...] = (2, 10, 30, 60)
    webhook_connect_timeout_s: float = 3.0  # TCP connect to a webhook's address
    webhook_read_timeout_s: float = 5.0  # then TLS, the request and the answer's head, in all
    notice_threads: int = 16  # deliveries at once in a notices worker, one per endpoint (0: each in its job)
    sweep_s: float = 1.0  # how often a game worker's ticker looks for games that are due
    repair_s: float = 10.0  # a bot to move with nothing appended this long: its job was lost, enqueue again
    abandon_days: float = 30.0  # a game with no action this long ends as abandoned
    archive_after_days: float = 7.0  # a finished game leaves Redis for the archive this long after its end
    seal_after_s: float = 60.0  # a finished game is sealed (one compressed key) this long after its end
    archive_dir: str | None = None  # where the archive is kept; None: archive/ in the data directory
    bot_pause_s: float = 0.0  # pause between a bot's actions, so people can follow its turn
    bot_think_ms: float = 200.0  # the expert bot's time to search one decision (domain/kernel/expert)
    bot_games_per_creator: int = 4  # bot-only games going at once per creator (player, else address); 0: none
    bot_game_turn_s: float = 0.5  # a bot-only game plays a turn at most this often (its pace; 0: as fast as it can)
    cors_origins: tuple[str, ...] = ()  # browser origins allowed to call the API ("*" for any)
    redis_pool: int = 64  # Redis connections per process at most (per node on a cluster)
    rate_limits: dict | None = None  # kind -> "20/minute;200/hour" (service/http/limits.py); None: no limits
    trusted_proxies: int = 0  # reverse proxies in front that set X-Forwarded-For (service/http/app.py, ProxyFix)
    smtp_url: str | None = None  # e-mail notices go through this server (smtp://, smtps://); None: no e-mail
    mail_from: str = "iceberg@localhost"  # their From address
    public_url: str = "http://127.0.0.1:8000"  # where players reach this server: links in notices
    mail_domain: str | None = None  # play by mail: notices' Reply-To is play+<token>@ this domain
    inbound_smtp: str | None = None  # [lmtp://|smtp://]host:port: `iceberg serve` receives mail there
    max_mail_bytes: int = 256 * 1024  # a message over this is refused at SMTP time (552)
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_env(cls, env=None) -> "Config":
        env = os.environ if env is None else env
        return cls(
            redis_url=env.get("ICEBERG_REDIS_URL") or None,
            redis_cluster=(env.get("ICEBERG_REDIS_CLUSTER") or "") in ("1", "true", "yes"),
            queue_url=env.get("ICEBERG_QUEUE_URL") or None,
            data_dir=env.get("ICEBERG_DATA_DIR") or "./.iceberg",
            admin_token=env.get("ICEBERG_ADMIN_TOKEN") or None,
            appendfsync=env.get("ICEBERG_APPENDFSYNC") or "always",
            snapshot_every=int(env.get("ICEBERG_SNAPSHOT_EVERY") or 100),
            webhook_allow_private=(env.get("ICEBERG_WEBHOOK_ALLOW_PRIVATE") or "") in ("1", "true", "yes"),
            webhook_retry_s=tuple(int(x) for x in (env.get("ICEBERG_WEBHOOK_RETRY_S") or "2,10,30,60").split(",")),
            webhook_connect_timeout_s=float(env.get("ICEBERG_WEBHOOK_CONNECT_TIMEOUT_S") or 3),
            webhook_read_timeout_s=float(env.get("ICEBERG_WEBHOOK_READ_TIMEOUT_S") or 5),
            notice_threads=int(env.get("ICEBERG_NOTICE_THREADS") or 16),
            sweep_s=float(env.get("ICEBERG_SWEEP_S") or 1),
            repair_s=float(env.get("ICEBERG_REPAIR_S") or 10),
            abandon_days=float(env.get("ICEBERG_ABANDON_DAYS") or 30),
            archive_after_days=float(env.get("ICEBERG_ARCHIVE_AFTER_DAYS") or 7),
            seal_after_s=float(env.get("ICEBERG_SEAL_AFTER_S") or 60),
            archive_dir=env.get("ICEBERG_ARCHIVE_DIR") or None,
            bot_pause_s=float(env.get("ICEBERG_BOT_PAUSE_S") or 0),
            bot_think_ms=float(env.get("ICEBERG_BOT_THINK_MS") or 200),
            bot_games_per_creator=int(env.get("ICEBERG_BOT_GAMES_PER_CREATOR") or 4),
            bot_game_turn_s=float(env.get("ICEBERG_BOT_GAME_TURN_S") or 0.5),
            redis_pool=int(env.get("ICEBERG_REDIS_POOL") or 64),
            request_read_s=float(env.get("ICEBERG_REQUEST_READ_S") or 30),
            client_connections=_client_connections(env),
            client_connection_rate=_client_connection_rate(env),
            client_connection_burst=int(env.get("ICEBERG_CLIENT_CONNECTION_BURST") or 40),
            client_requests=int(env.get("ICEBERG_CLIENT_REQUESTS") or 200),
            rate_limits=_rate_limits(env),
            trusted_proxies=_whole(env, "ICEBERG_TRUSTED_PROXIES", 0),
            smtp_url=env.get("ICEBERG_SMTP_URL") or None,
            mail_from=env.get("ICEBERG_MAIL_FROM") or "iceberg@localhost",
            mail_domain=(env.get("ICEBERG_MAIL_DOMAIN") or "").strip().lower() or None,
            inbound_smtp=env.get("ICEBERG_INBOUND_SMTP") or None,
            public_url=(env.get("ICEBERG_PUBLIC_URL") or "http://127.0.0.1:8000").rstrip("/"),
            cors_origins=tuple(o.strip() for o in (env.get("ICEBERG_CORS_ORIGINS") or "").split(",") if o.strip()),
        )

    @property
    def archive_path(self) -> str:
        return self.archive_dir or os.path.join(self.data_dir, "archive")

    @property
    def effective_queue_url(self) -> str | None:
        if self.redis_cluster and not self.queue_url:
            # RQ does not work on a Redis Cluster: the queues need a plain Redis
            raise ValueError("with ICEBERG_REDIS_CLUSTER, set ICEBERG_QUEUE_URL to a plain (non-cluster) Redis")
        return self.queue_url or self.redis_url


def _rate_limits(env) -> dict | None:
    """On by default when run from the environment: ICEBERG_RATE_LIMITS=off turns
    them off; ICEBERG_RATE_LIMIT_CREATE, _ACTIONS, _WAITS, _SETTINGS, _EXPORTS, _CHAT,
    _SIGN_IN, _MAIL replace one kind's."""
    if (env.get("ICEBERG_RATE_LIMITS") or "").lower() in ("off", "0", "false", "no"):
        return None
    return {kind: env.get(f"ICEBERG_RATE_LIMIT_{kind.upper()}") or default for kind, default in RATE_LIMIT_DEFAULTS.items()}


def _client_connections(env) -> int:
    """1,000 per address by default, none behind trusted proxies: every connection
    then comes from a proxy's address, and the proxy is where to cap them."""
    given = env.get("ICEBERG_CLIENT_CONNECTIONS")
    if given:
        return int(given)
    return 0 if _whole(env, "ICEBERG_TRUSTED_PROXIES", 0) else 1000


def _client_connection_rate(env) -> float:
    """20 new connections a second per address by default, any number behind
    trusted proxies (where every connection comes from a proxy's address)."""
    given = env.get("ICEBERG_CLIENT_CONNECTION_RATE")
    if given:
        return float(given)
    return 0.0 if _whole(env, "ICEBERG_TRUSTED_PROXIES", 0) else 20.0


def _whole(env, name: str, default: int) -> int:
    value = (env.get(name) or "").strip()
    if not value:
        return default
    if not value.isascii() or not value.isdigit():
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return int(value)

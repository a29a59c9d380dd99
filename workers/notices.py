"""Webhook notices: a signed JSON POST (see service/webhooks.py). A failure
raises, so RQ retries with backoff and finally gives up; notices are jobs of
their own, so a failing URL never holds up the game."""

import urllib.request

from domain.kernel.turns import iso
from service.store.codec import canonical
from service.webhooks import UrlRefused, check_url, sign

from .context import context

TIMEOUT_S = 5


def send_notice(game_id: str, seat: int, kind: str, data: dict) -> str:
    ctx = context()
    hook = ctx.webhooks.of(game_id).get(seat)
    if hook is None:
        return "no webhook"
    try:
        url = check_url(hook["url"], ctx.config.webhook_allow_private)
    except UrlRefused as e:
        return f"refused: {e}"  # no retry: it will not get better
    now = ctx.clock()
    body = canonical({"game": game_id, "seat": seat, "kind": kind, "sent_at": iso(now), "data": data}).encode()
    timestamp = str(int(now.timestamp()))
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": "iceberg-webhooks",
        "X-Iceberg-Timestamp": timestamp, "X-Iceberg-Signature": sign(hook["secret"], timestamp, body)})
    with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:  # raises on 4xx/5xx
        return f"delivered: {response.status}"

"""The web client's pages as the server serves them: every page, old and new,
with the strict policy (no inline script, no other host), and every script,
stylesheet and icon a page names served from /play/static/."""

import re

import pytest

PAGES = [
   "/play/", "/play/games/g_0123456789abcdef", "/play/games/g_0123456789abcdef/hands/0/replay",
         "/play/sign-in", "/play/players/p_0123456789abcdef", "/play/players/bot:greedy", "/play/leaderboard",
         "/play/history"]


@pytest.fixture
def pages(app):
    """Flask's own client: these paths are pages, not the API openapi.yaml describes."""
    return app.test_client()


LINKED = re.compile(r'(?:src|href)="(/play/static/[^"]+)"')


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_static_under_a_strict_policy(pages, path):
    answer = pages.get(path)
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    policy = answer.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "unsafe" not in policy
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    html = answer.get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\ssrc=)", html), "no inline script"
    assert not re.search(r"<[a-z][^>]*\son[a-z]+\s*=", html), "no inline handler"
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "nothing from another host"
    assets = LINKED.findall(html)
    assert any(a.endswith(".js") for a in assets) and "/play/static/icon.svg" in assets
    for asset in assets:
        assert pages.get(asset).status_code == 200, asset


def test_the_turn_icon_is_served(pages):
    answer = pages.get("/play/static/icon-turn.svg")
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"

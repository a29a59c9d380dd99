"""The browser tests' fixtures: one real `iceberg serve` for the session, Debian's
Chromium driven by Playwright (never a downloaded browser), and a fresh browser
context per test whose every console error, page error, failed request, HTTP
error and request to another host fails the test.

Chromium: `ICEBERG_CHROMIUM`, else /usr/bin/chromium, else `chromium` on the
PATH. With none, and run as root where apt-get is (a fresh machine of this
project's kind, CI), Debian's package is installed first, so that the README's
test command needs nothing installed by hand. Without one after that the tests
fail and say how to get one: they are part of `python -m pytest` and are never
skipped (leaving them out is pytest's own `--ignore=tests/browser`, asked for
on the command line).
"""

import os
import shutil
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest

from service.runtime.inbound import quiet_aiosmtpd
from service.runtime.redis_server import free_port
from tests import debian
from tests.browser import ADMIN_TOKEN, DESKTOP, world
from tests.serve_process import Serve
from tests.smtp_sink import SmtpSink

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

HOW_TO_GET_CHROMIUM = (
    "The browser tests (tests/browser/) need a Chromium and found none (and could not install Debian's: "
    "that needs root and apt-get). Install Debian's as root: "
    "`apt-get install chromium`, or point ICEBERG_CHROMIUM at a Chromium or Chrome binary.")


def chromium_executable() -> str | None:
    given = os.environ.get("ICEBERG_CHROMIUM")
    if given:
        return given if os.access(given, os.X_OK) else None
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")


@pytest.fixture(scope="package")  # closed once tests/browser is done, not at the end of the run
def chromium():
    path = chromium_executable()
    if path is None and not os.environ.get("ICEBERG_CHROMIUM"):
        debian.install("chromium")
        path = chromium_executable()
    if path is None:
        if os.environ.get("ICEBERG_CHROMIUM"):
            pytest.fail(f"ICEBERG_CHROMIUM={os.environ['ICEBERG_CHROMIUM']} is not an executable. "
                        + HOW_TO_GET_CHROMIUM, pytrace=False)
        pytest.fail(HOW_TO_GET_CHROMIUM, pytrace=False)
    return path


@pytest.fixture(scope="package")  # closed once tests/browser is done, not at the end of the run
def browser(chromium):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the test extras install it
        pytest.fail("the browser tests need Playwright for Python: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="package")  # closed once tests/browser is done, not at the end of the run
def mail():
    """A real SMTP server (aiosmtpd) on loopback that keeps what the server sends
    (sign-in codes, notices)."""
    quiet_aiosmtpd()
    sink = SmtpSink()
    yield sink
    sink.close()


@pytest.fixture(scope="package")  # closed once tests/browser is done, not at the end of the run
def server(tmp_path_factory, chromium, mail):
    """`iceberg serve` with its own data directory on a free port, sending mail to
    `mail`; bots pause between their actions so that their moves arrive after a
    page has loaded."""
    base = tmp_path_factory.mktemp("browser-serve")
    serve = Serve(base / "data", free_port(), log_file=base / "serve.log", ICEBERG_RATE_LIMITS="off",
                  ICEBERG_ADMIN_TOKEN=ADMIN_TOKEN, ICEBERG_BOT_PAUSE_S="0.3", ICEBERG_SMTP_URL=mail.url,
                  ICEBERG_MAIL_FROM="Iceberg <games@play.example.org>")
    try:
        serve.wait_healthy(timeout=60)
    except BaseException:
        serve.stop()
        raise
    yield serve
    code, output = serve.stop()
    assert code == 0, output[-4000:]


@pytest.fixture(scope="package")
def rated_pair(server):
    """Two registered players with rated games together (tests/browser/world.py)."""
    return world.rated_pair(server)


@dataclass
class Watch:
    """What went wrong in one browser context, by kind."""

    origin: str
    console_errors: list = field(default_factory=list)
    page_errors: list = field(default_factory=list)
    failed_requests: list = field(default_factory=list)
    error_responses: list = field(default_factory=list)
    foreign_requests: list = field(default_factory=list)
    closing: bool = False

    def attach(self, context):
        context.on("console", self._console)
        context.on("weberror", lambda error: self._add(self.page_errors, str(error.error)))
        context.on("requestfailed", self._failed)
        context.on("response", self._response)
        context.on("request", self._request)

    def _add(self, where, what):
        if not self.closing:
            where.append(what)

    def _console(self, message):
        if message.type == "error":
            self._add(self.console_errors, f"{message.text} at {message.location}")

    def _failed(self, request):
        failure = request.failure or ""
        # a read still under way when the page navigates away (a long-poll waiting, the view
        # refreshed after an event) is cut off by the browser: that is how leaving a page
        # works, not a failure; a write cut off, or any other failure, is one
        if failure == "net::ERR_ABORTED" and request.method == "GET":
            return
        self._add(self.failed_requests, f"{request.method} {request.url}: {failure}")

    def _response(self, response):
        if response.status >= 400:
            self._add(self.error_responses, f"{response.request.method} {response.url}: {response.status}")

    def _request(self, request):
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob", "about"):
            return  # not a network request
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self._add(self.foreign_requests, f"{request.method} {request.url}")

    def problems(self) -> dict:
        found = {"console errors": self.console_errors, "page errors": self.page_errors,
                 "failed requests": self.failed_requests, "responses >= 400": self.error_responses,
                 "requests to other hosts": self.foreign_requests}
        return {kind: list(items) for kind, items in found.items() if items}


class Browse:
    """Opens fresh browser contexts (each with its own localStorage), watched."""

    def __init__(self, browser, server):
        self.browser = browser
        self.server = server
        self.opened = []  # (context, watch)

    def context(self, viewport=None, **options):
        """options: more of Playwright's new_context() (bypass_csp for a test that injects a script)."""
        context = self.browser.new_context(viewport=viewport or DESKTOP, base_url=self.server.url,
                                           service_workers="block", **options)
        context.set_default_timeout(20_000)
        watch = Watch(self.server.url)
        watch.attach(context)
        self.opened.append((context, watch))
        return context

    def page(self, viewport=None):
        return self.context(viewport).new_page()

    def close(self) -> dict:
        problems = {}
        for n, (context, watch) in enumerate(self.opened):
            found = watch.problems()
            watch.closing = True
            for kind, items in found.items():
                problems[f"context {n}: {kind}"] = items
            context.close()
        return problems


@pytest.fixture
def browse(browser, server):
    """browse.page() / browse.context(): fresh contexts; at the end of the test
    every context must have seen no console error, no page error, no failed
    request, no HTTP error and no request to another host."""
    opened = Browse(browser, server)
    yield opened
    problems = opened.close()
    if problems:
        lines = [f"{kind}:\n  " + "\n  ".join(items) for kind, items in problems.items()]
        print("\n".join(lines))
        pytest.fail("the browser saw problems:\n" + "\n".join(lines), pytrace=False)


@pytest.fixture
def page(browse):
    return browse.page()


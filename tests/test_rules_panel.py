"""The game page's rules panel: GET /play/rules/<variant> gives each hosted
variant's docs/rules/<name>.md as HTML made by Markdown alone (raw HTML and
script links never get through), under the pages' CSP; an unknown name is a
404 problem; and the files ship with the package (pyproject's data-files)."""

import re
import tomllib
from pathlib import Path

import pytest

from domain import registry
from service.http import rules
from tests.browser import ADMIN_TOKEN

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def web(redis_server):
    from service.config import Config
    from service.http.app import create_app

    app = create_app(Config(redis_url=redis_server.url, admin_token=ADMIN_TOKEN))
    app.testing = True
    yield app.test_client()
    app.extensions["iceberg"].hub.close()


@pytest.mark.parametrize("name", sorted(registry.VARIANTS))
def test_each_hosted_variant_s_rules_as_html(web, name):
    answer = web.get(f"/play/rules/{name}")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    assert "default-src 'self'" in answer.headers["Content-Security-Policy"]
    html = answer.get_data(as_text=True)
    source = (ROOT / "docs" / "rules" / f"{name}.md").read_text()
    headings = re.findall(r"^## (.+)$", source, flags=re.M)
    assert headings, name
    ids = re.findall(r'<h2 id="(rules-[a-z0-9-]+)">', html)
    assert len(ids) == len(headings) == html.count("<h2"), "every section a heading with an id the panel links to"
    assert len(set(ids)) == len(ids)
    assert "<script" not in html and 'href="javascript' not in html
    assert registry.VARIANTS[name].title in html


def test_an_unknown_variant_has_no_rules(web):
    answer = web.get("/play/rules/chess")
    assert answer.status_code == 404
    assert answer.get_json()["code"] == "not_found"


def test_names_asked_for_do_not_grow_what_the_server_keeps(web):
    """The rendered rules are kept one a hosted variant, whatever names clients send."""
    for n in range(200):
        assert web.get(f"/play/rules/no-such-rummy-{n}").status_code == 404
    assert rules._rendered.cache_info().currsize <= len(registry.HOSTED)


def test_raw_html_and_script_links_do_not_get_through():
    text = ("# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n"
            "[bad](javascript:alert(1)) [file](docs/api.md) [here](#title) [out](https://example.org/x)\n")
    html = rules._renderer().render(text)
    assert "<script" not in html and "<img" not in html and 'href="javascript' not in html
    assert "&lt;script&gt;" in html  # shown as text, not run
    assert '<a href="#rules-title">here</a>' in html  # the file's own anchor, as the heading's id
    assert "<span>file</span>" in html  # another file of the repository: its text only
    assert 'href="https://example.org/x" rel="noreferrer noopener" target="_blank"' in html
    assert '<h1 id="rules-title">' in html


def test_the_rules_files_and_the_pages_words_and_faces_ship_with_the_package(tmp_path):
    """`pip install .` (not editable) carries every variant's rules where
    rules_dir() looks once installed (<prefix>/share/iceberg-server/rules, the
    wheel's data), and the static files the pages import."""
    import subprocess
    import sys
    import zipfile

    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for name in registry.VARIANTS:
            (shipped,) = [n for n in names if n.endswith(f".data/data/{rules.INSTALLED}/{name}.md")]
            assert archive.read(shipped) == (ROOT / "docs" / "rules" / f"{name}.md").read_bytes()
    for static in ("words.js", "words.json", "faces.js", "faces.LICENSE.txt", "hints.js", "rules.js"):
        assert f"service/http/web/static/{static}" in names, static
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(r.startswith("markdown-it-py") for r in requires)

"""A variant's rules (docs/rules/<name>.md) as HTML for the game page's rules
panel: `GET /play/rules/<name>`, the name of a hosted variant (found in the
registry, never named here).

The Markdown is rendered by markdown-it-py (CommonMark, with tables) with raw
HTML turned off, so the page gets only the elements Markdown makes: nothing in
a rules file can become a script or an attribute of its own. Headings get ids
(`rules-…`) and the file's own anchors follow them; a link to another file of
the repository, which the server does not serve, stays as its text.

The files ship with the package: a checkout (or an editable install) reads them
from docs/rules, an installed copy from the data directory setuptools puts
them in (pyproject.toml, `data-files`: <prefix>/share/iceberg-server/rules).
"""

import re
import sys
import sysconfig
from functools import lru_cache
from html import escape
from pathlib import Path

from markdown_it import MarkdownIt

from domain import registry

INSTALLED = Path("share") / "iceberg-server" / "rules"


def rules_dir() -> Path | None:
    """Where the rules files are: the checkout's docs/rules, else the installed copy."""
    checkout = Path(__file__).resolve().parents[2] / "docs" / "rules"
    candidates = [checkout, Path(sysconfig.get_path("data")) / INSTALLED, Path(sys.prefix) / INSTALLED]
    return next((place for place in candidates if place.is_dir()), None)


def _slug(text: str) -> str:
    return "rules-" + re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _heading_open(self, tokens, idx, options, env):
    tokens[idx].attrSet("id", _slug(tokens[idx + 1].content))
    return self.renderToken(tokens, idx, options, env)


def _link_open(self, tokens, idx, options, env):
    href = tokens[idx].attrGet("href") or ""
    kept = href.startswith("#") or href.startswith(("https://", "http://"))
    env.setdefault("links", []).append(kept)
    if not kept:
        return "<span>"
    if href.startswith("#"):
        tokens[idx].attrSet("href", "#" + _slug(href[1:]))
    else:
        tokens[idx].attrSet("rel", "noreferrer noopener")
        tokens[idx].attrSet("target", "_blank")
    return self.renderToken(tokens, idx, options, env)


def _link_close(self, tokens, idx, options, env):
    kept = env["links"].pop()
    return self.renderToken(tokens, idx, options, env) if kept else "</span>"


def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.add_render_rule("heading_open", _heading_open)
    md.add_render_rule("link_open", _link_open)
    md.add_render_rule("link_close", _link_close)
    return md


def rules_html(name: str) -> str | None:
    """The rules of the hosted variant `name` as an HTML fragment (None: no such
    variant, or no rules file for it)."""
    variant = registry.VARIANTS.get(name)
    return None if variant is None else _rendered(variant.name, variant.title)


@lru_cache(maxsize=None)  # one entry a hosted variant: a name from a URL is looked up before it comes here
def _rendered(name: str, title: str) -> str | None:
    place = rules_dir()
    if place is None or not (place / f"{name}.md").is_file():
        return None
    text = (place / f"{name}.md").read_text(encoding="utf-8")
    body = _renderer().render(text)
    return f'<article class="rules-text" lang="en" aria-label="{escape(title)}: rules">{body}</article>\n'

"""axe-core (npm `axe-core`, MPL-2.0) for the accessibility tests: installed at
test time with npm into a cache directory (like Chromium, nothing is kept in the
repository), then injected into a page whose context bypasses the CSP (the
pages themselves forbid any script but their own).

The cache: `ICEBERG_AXE_DIR`, else ~/.cache/iceberg-tests/axe-core-<version>.
npm: on the PATH; without it, and run as root where apt-get is (CI), Debian's
package is installed first. Without npm after that the test fails saying so.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import debian

VERSION = "4.14.1"
SERIOUS = ("serious", "critical")


def cache_dir() -> Path:
    given = os.environ.get("ICEBERG_AXE_DIR")
    return Path(given) if given else Path.home() / ".cache" / "iceberg-tests" / f"axe-core-{VERSION}"


def axe_source() -> str:
    """axe.min.js, installed first if the cache lacks it."""
    where = cache_dir()
    script = where / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        if shutil.which("npm") is None:
            debian.install("npm")
        if shutil.which("npm") is None:
            pytest.fail("the accessibility test needs npm to install axe-core: apt-get install npm", pytrace=False)
        where.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(where),
                               f"axe-core@{VERSION}"], capture_output=True, text=True, timeout=600)
        assert done.returncode == 0 and script.exists(), done.stdout[-2000:] + done.stderr[-2000:]
    return script.read_text()


# Every rule of WCAG 2.x A and AA and axe's best practices; only what is serious
# or critical fails the test. One rule is run on all but the cards: axe reads a
# card's visible text by joining every text of its drawn face (aria-hidden SVG),
# the index in two corners and a picture card's big letter, so "7♥" reads "77"
# and "J♣" "JJJ", which no name contains. For the cards, the test checks what
# the rule stands for (WCAG 2.5.3, label in name) itself: the name begins with
# the index the face shows, "7♥, 7 of hearts" (CARD_NAMES).
RUN = """async () => {
  const seen = (found) => found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ': ' + (n.failureSummary || '').slice(0, 200)) }));
  const rule = 'label-content-name-mismatch';
  const all = await axe.run(document, { resultTypes: ['violations'], rules: { [rule]: { enabled: false } } });
  const named = await axe.run({ include: [['html']], exclude: [['[data-card]']] },
    { resultTypes: ['violations'], runOnly: [rule] });
  return [...seen(all), ...seen(named)];
}"""

CARD_NAMES = """() => {
  const suits = { S: '♠', H: '♥', D: '♦', C: '♣' };
  return [...document.querySelectorAll('[data-card][aria-label]')].filter((card) => {
    const code = card.dataset.card;
    const index = code === 'JK' ? 'Joker' : code.slice(0, -1) + suits[code.slice(-1)];
    return !card.getAttribute('aria-label').startsWith(index);
  }).map((card) => `${card.dataset.card}: ${card.getAttribute('aria-label')}`);
}"""


def serious_violations(page, source: str) -> list:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=source)
    found = [v for v in page.evaluate(RUN) if v["impact"] in SERIOUS]
    misnamed = page.evaluate(CARD_NAMES)
    if misnamed:
        found.append({"id": "card-label-in-name", "impact": "serious", "nodes": misnamed,
                      "help": "a card's name begins with the index its face shows"})
    return found

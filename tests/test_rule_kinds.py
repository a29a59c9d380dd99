"""Each rule violation declares where it is defined whether it is a conflict
("not now": HTTP 409) or unprocessable ("never like this": 422); the service
reads the kind and names no code. The kinds are pinned here: a code that
changes class changes the HTTP contract."""

import pytest

from domain import registry  # noqa: F401 (defines every variant's own violations)
from domain.kernel.errors import CONFLICT, UNPROCESSABLE, RuleViolation, violations

#: the codes answered 409 (before each rule declared its kind, the service listed them)
CONFLICTS = {"not_your_turn", "must_pick_up", "must_draw", "already_drawn", "hand_over", "game_over",
             "hand_in_progress", "game_exists", "not_due", "turn_timed_out", "upcard_offered", "cannot_pass",
             "must_show", "no_knock", "pile_empty", "not_started", "no_open_seat", "seat_taken", "withdrawn",
             "abort_refused", "no_deadline", "no_extensions_left",
             "meld_limit", "no_own_meld", "must_lay_off"}  # Rummy's: another turn, or another move first, allows it
CONFLICTS |= {"card_exposed", "must_answer", "must_take", "must_discard"}  # Conquian: what a turn's phase demands
CONFLICTS |= {"not_opened", "already_opened", "joker_must_be_played"}  # Kalooki's: not before (or after) opening
CONFLICTS |= {"must_play", "stock_empty"}  # Manipulation's: a play is possible, or the stock is out


def test_every_violation_has_a_kind_and_the_conflicts_are_those_of_the_contract():
    found = [cls for cls in violations() if cls is not RuleViolation]
    assert all(cls.kind in (CONFLICT, UNPROCESSABLE) for cls in found)
    assert {cls.code for cls in found if cls.kind == CONFLICT} == CONFLICTS
    assert len({cls.code for cls in found}) == len(found), "one class per code"


@pytest.mark.parametrize("status, kind", [(409, CONFLICT), (422, UNPROCESSABLE)])
def test_the_service_answers_each_kind_with_its_status(redis_server, status, kind):
    from service.config import Config
    from service.http.app import create_app

    app = create_app(Config(redis_url=redis_server.url), jobs=False)
    code = "not_your_turn" if kind == CONFLICT else "invalid_card"
    cls = next(c for c in violations() if c.code == code)

    @app.get(f"/probe-{code}")
    def probe():
        raise cls("probe")

    response = app.test_client().get(f"/probe-{code}")
    app.extensions["iceberg"].hub.close()
    assert response.status_code == status and response.get_json()["code"] == code

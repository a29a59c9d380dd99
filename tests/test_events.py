"""Events serialize to the fields docs/api.md names and back, exactly."""

from domain.iceberg import VARIANT as ICEBERG
from domain.iceberg.rules import Rules
from domain.kernel.eventdata import event_type, to_data
from domain.selfplay import bot_game

API_FIELDS = {
    "GameCreated": {"players", "rules", "variant"},
    "HandStarted": {"hand", "first_seat", "deck_commitment", "deck", "salt"},
    "CardPickedUp": {"seat", "card"},
    "CardDrawn": {"seat", "card"},
    "AceRevealed": {"seat", "card"},
    "MeldLaid": {"seat", "meld", "kind", "cards", "points"},
    "CardsLaidOff": {"seat", "meld", "cards", "points"},
    "CardDiscarded": {"seat", "to_seat", "card"},
    "HandEnded": {"hand", "reason", "results", "deck", "salt"},
    "GameEnded": {"winners", "totals", "reason"},  # reason: "Limits and conventions"
}
# ours, for play-by-mail deadlines (docs/api.md leaves them open)
OUR_FIELDS = {"DeadlineSet": {"seat", "deadline"}, "TurnTimedOut": {"seat", "deadline"},
              # the commit-reveal deals (docs/api.md "Audit" leaves their shape open; docs/audit.md)
              "DealsCommitted": {"commitment", "hands", "supplied"}, "SeedContributed": {"seat", "seed"},
              # seats and the people in them (docs/api.md, "Players, the lobby and play by mail" leaves them open)
              "SeatTaken": {"seat", "name"}, "SeatResigned": {"seat"}, "SeatForfeited": {"seat"},
              "GameAborted": {"seat"}, "DeadlineExtended": {"seat", "deadline"}}


def test_every_event_type_has_the_api_fields():
    types = ICEBERG.event_types()
    assert set(types) == set(API_FIELDS) | set(OUR_FIELDS)
    for name, fields in {**API_FIELDS, **OUR_FIELDS}.items():
        assert {f for f in types[name].__dataclass_fields__} == fields


def test_a_whole_game_round_trips_through_json_data():
    import json

    log = []
    bot_game(["greedy", "random", "random", "greedy"], Rules(hands=2), 7, on_step=lambda c, e, s: log.extend(e))
    seen = set()
    for event in log:
        data = json.loads(json.dumps(to_data(event)))
        assert set(data) == API_FIELDS[event_type(event)]
        assert ICEBERG.event(event_type(event), data) == event
        seen.add(event_type(event))
    assert seen == set(API_FIELDS)
    results = next(to_data(e) for e in log if event_type(e) == "HandEnded")["results"]
    assert set(results[0]) == {"seat", "melded", "cards_left", "playable", "aces", "total"}


def test_a_snapshot_folds_back_to_exactly_its_state():
    import json

    from domain.iceberg import snapshot

    states = []
    bot_game(["random", "greedy", "random"], Rules(hands=2), 11, on_step=lambda c, e, s: states.append(s))
    for state in states:
        data = json.loads(json.dumps(snapshot.to_data(state)))
        assert snapshot.from_data(data) == state

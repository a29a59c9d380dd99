"""Fortune Rummy's rules options (docs/rules/fortune.md), declared once as typed
options (kernel/options.py) and held per game as `Rules`."""

from ..kernel import rules

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DECKS = 2  # two 52-card decks shuffled together, whatever the table
HAND_SIZE = 11

OPTIONS = (
    rules.target(500),
    rules.HANDS,
    rules.stock_renewals(2, "how often a hand may turn the discard pile over as a new stock; a draw from an "
                            "empty stock after that ends the hand (no one goes out)"),
    rules.MAX_HANDS_OPTION,
) + rules.EVERY_GAME


# stored (GameCreated) with max_hands before stock_renewals, as it was before the options made the fields
@rules.typed(OPTIONS, order=("target_score", "hands", "max_hands", "stock_renewals", "turn_timeout_s", "on_timeout",
                             "extensions", "extension_s", "rated"))
class Rules(rules.Rules):
    def deck_count(self, players: int) -> int:
        return DECKS

"""The `greedy` bot (MORE_VARIANTS.md, "Conquian"):

  * it takes whenever a take exists, choosing the one that melds the most
    cards; otherwise it declines (or passes the first upcard);
  * it discards the hand card with the fewest partners in hand (same rank, or
    same suit within two steps in the order A-2-...-7-J-Q-K), the highest
    rank first;
  * asked to answer a decline, it forces when the decliner holds at least 3
    cards in hand, and allows otherwise.
Ties go to the generator, so seeded games are reproducible.
"""

from ...kernel.cards import RANK, SUIT
from ..actions import ALLOW, DECLINE, DISCARD_ACTION, FORCE, PASS, TAKE, options, to_command
from ..cards import STEP
from ..melds import melded

FORCE_FROM = 3  # a decliner holding this many cards in hand or more is forced


def choose_greedy(view, rng):
    found = options(view)
    kinds = {option[0] for option in found}
    if FORCE in kinds:
        return to_command(view.seat, (FORCE,) if view.hand_sizes[1 - view.seat] >= FORCE_FROM else (ALLOW,))
    takes = [option for option in found if option[0] == TAKE]
    if takes:
        most = max(melded(option[1]) for option in takes)
        return to_command(view.seat, rng.choice([option for option in takes if melded(option[1]) == most]))
    if DISCARD_ACTION in kinds:
        return to_command(view.seat, (DISCARD_ACTION, _throw(view.hand, rng)))
    return to_command(view.seat, (PASS,) if PASS in kinds else (DECLINE,))


def partners(card: str, hand) -> int:
    """Other hand cards of its rank, or of its suit within two steps of it."""
    return sum(1 for other in hand if other != card and (
        RANK[other] == RANK[card] or (SUIT[other] == SUIT[card] and abs(STEP[other] - STEP[card]) <= 2)))


def _throw(hand, rng) -> str:
    fewest = min(partners(card, hand) for card in hand)
    lonely = [card for card in hand if partners(card, hand) == fewest]
    highest = max(STEP[card] for card in lonely)
    return rng.choice([card for card in lonely if STEP[card] == highest])

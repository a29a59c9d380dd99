"""The group editor judges a group as the server does: the page's meld check
(static/melds.js, with the rules each action's groups are judged by in
static/editors.js) against each variant's own, on many groups near a meld
(runs and sets, then a card changed, added, doubled or dropped): Manipulation's
and Conquian's kinds, and Kalooki's melds with jokers, the stand-ins the page
offers for a joker and what an opening's melds are worth."""

import random

from domain.conquian.melds import kind_of as conquian_kind
from domain.kalooki.melds import analyse, position_value
from domain.manipulation.melds import kind_of as manipulation_kind
from tests.browser.partitions import FORTY, RANKS, SUITS

JUDGE = """async (cases) => {
  const melds = await import('/play/static/melds.js');
  const { SHAPES } = await import('/play/static/editors.js');
  return cases.map(({ action, rules, cards, wild }) => {
    const shape = SHAPES[action](rules);
    const chosen = {};
    let w = 0;
    cards.forEach((card, i) => { if (card === 'JK') chosen[i] = wild[w++]; });
    const declared = melds.asDeclared(cards, chosen);
    const kind = melds.meldKind(declared, shape);
    const options = melds.standIns(cards, shape);
    return { kind, value: kind ? melds.tableValue(declared, kind) : null,
      options: Object.fromEntries(Object.entries(options).map(([i, set]) => [i, [...set].sort()])) };
  });
}"""


def near_melds(rng, ranks, decks, count):
    """Groups of cards near a meld: a run or a set, then perhaps spoiled."""
    pack = [rank + suit for _ in range(decks) for suit in SUITS for rank in ranks]
    groups = []
    for _ in range(count):
        if rng.random() < 0.5:
            suit, length = rng.choice(SUITS), rng.randint(2, 9)
            low = rng.randrange(0, len(ranks) - min(length, len(ranks)) + 1)
            group = [rank + suit for rank in ranks[low:low + length]]
        else:
            rank = rng.choice(ranks)
            group = [rank + suit for suit in rng.sample(SUITS, rng.randint(2, 4))]
        spoil = rng.random()
        if spoil < 0.15:
            group[rng.randrange(len(group))] = rng.choice(pack)
        elif spoil < 0.3:
            group.append(rng.choice(pack))
        elif spoil < 0.4 and decks == 2:
            group.append(rng.choice(group))
        elif spoil < 0.5 and len(group) > 1:
            group.pop(rng.randrange(len(group)))
        rng.shuffle(group)
        groups.append(group if decks == 2 else list(dict.fromkeys(group)))
    return groups


def test_manipulation_and_conquian_groups_judged_like_the_server(page):
    page.goto("/play/")
    rng = random.Random(7)
    cases = [("play", g, manipulation_kind(g)) for g in near_melds(rng, RANKS, 2, 600)]
    cases += [("take", g, conquian_kind(g)) for g in near_melds(rng, FORTY, 1, 600)]
    judged = page.evaluate(JUDGE, [{"action": a, "rules": {}, "cards": g, "wild": []} for a, g, _ in cases])
    wrong = [(a, g, want, got["kind"]) for (a, g, want), got in zip(cases, judged) if got["kind"] != want]
    assert not wrong, wrong[:10]
    assert sum(1 for _, _, want in cases if want) > 300, "many groups are melds, many are not"


def kalooki_cases(rng, count):
    """Near-melds with one or two cards turned into jokers, each standing for
    the card it replaced or for another card."""
    cases = []
    for group in near_melds(rng, RANKS, 2, count):
        jokers = rng.sample(range(len(group)), min(len(group), rng.choice((1, 1, 2))))
        wild = []
        for i in sorted(jokers):
            wild.append(group[i] if rng.random() < 0.7 else rng.choice(RANKS) + rng.choice(SUITS))
            group[i] = "JK"
        cases.append((group, wild, rng.random() < 0.3))
    return cases


def test_kalooki_jokers_judged_like_the_server(page):
    page.goto("/play/")
    cases = kalooki_cases(random.Random(11), 500)
    judged = page.evaluate(JUDGE, [{"action": "open", "rules": {"ace_low": low}, "cards": g, "wild": w}
                                   for g, w, low in cases])
    valid = 0
    for (cards, wild, low), got in zip(cases, judged):
        meld = analyse(cards, wild, low)
        assert got["kind"] == (meld.kind if meld else None), (cards, wild, low, got)
        if meld:
            valid += 1
            assert got["value"] == sum(position_value(p) for p in meld.positions), (cards, wild, low, got)
        if cards.count("JK") == 1 and len(cards) > 1:
            at = cards.index("JK")
            possible = sorted(r + s for s in SUITS for r in RANKS if analyse(cards, [r + s], low))
            assert got["options"][str(at)] == possible, (cards, low, got["options"], possible)
    assert valid > 100, valid


OPENING = """async ({ table, hand, opening, arranged }) => {
  const { EDITED } = await import('/play/static/editors.js');
  const view = { table, hand, opening, rules: {} };
  const editor = EDITED.play.build(view, null, []);
  editor.arrange(arranged.map((cards) => ({ cards })));
  return EDITED.play.action(editor, view);
}"""


def test_manipulation_first_play_under_own_opening_leaves_the_table(page):
    """With `own_opening`, a seat's first play only adds melds: the page refuses
    a regrouped table before sending it, and sends one that adds a meld."""
    page.goto("/play/")
    table, hand = [["4C", "5C", "6C", "7C"]], ["7H", "7S", "8D", "9D", "10D"]
    regrouped = [["4C", "5C", "6C"], ["7C", "7H", "7S"]]
    added = [["4C", "5C", "6C", "7C"], ["8D", "9D", "10D"]]
    for opening, arranged, sent in ((True, regrouped, False), (True, added, True), (False, regrouped, True)):
        answer = page.evaluate(OPENING, {"table": table, "hand": hand, "opening": opening, "arranged": arranged})
        assert ("action" in answer) == sent, (opening, arranged, answer)
        if sent:
            assert answer["action"] == {"type": "play", "table": arranged}
        else:
            assert "first play" in answer["why"], answer

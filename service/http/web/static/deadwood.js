// Gin's deadwood, counted in the page from the seat's own hand only (the view
// does not give it): the least total of the cards left out of melds, over every
// way to meld. Sets are 3 or 4 of a rank, runs 3 or more of a suit in sequence,
// the ace low only; cards count A 1, 2..10 their face value, J Q K 10. The same
// exact search as the server's (domain/gin/deadwood.py): the lowest card left
// is either deadwood or in a meld whose lowest card it is.

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

const rank = (card) => RANKS.indexOf(card.slice(0, -1)) + 1; // A 1 .. K 13
const suit = (card) => card.slice(-1);
const value = (card) => Math.min(rank(card), 10);

// Every meld the cards (sorted ace-low, distinct) can make, as index lists.
function allMelds(cards) {
  const melds = [];
  const byRank = new Map();
  cards.forEach((card, i) => byRank.set(rank(card), [...(byRank.get(rank(card)) || []), i]));
  for (const same of byRank.values()) {
    if (same.length >= 3) for (const skip of [-1, ...same]) { // the whole set, or it less one card
      const set = same.filter((i) => i !== skip);
      if (set.length >= 3 && (skip === -1 || same.length === 4)) melds.push(set);
    }
  }
  const at = new Map(cards.map((card, i) => [`${rank(card)}${suit(card)}`, i]));
  cards.forEach((card) => {
    const run = [at.get(`${rank(card)}${suit(card)}`)];
    for (let r = rank(card) + 1; at.has(`${r}${suit(card)}`); r += 1) {
      run.push(at.get(`${r}${suit(card)}`));
      if (run.length >= 3) melds.push([...run]);
    }
  });
  return melds;
}

function best(cards) {
  const melds = allMelds(cards);
  const memo = new Map();
  const solve = (left) => { // left: a bitmask of the cards still to place
    if (left === 0) return 0;
    if (memo.has(left)) return memo.get(left);
    let low = 0;
    while (!(left & (1 << low))) low += 1;
    let least = value(cards[low]) + solve(left & ~(1 << low));
    for (const meld of melds) {
      if (Math.min(...meld) !== low) continue;
      const mask = meld.reduce((m, i) => m | (1 << i), 0);
      if ((left & mask) === mask) least = Math.min(least, solve(left & ~mask));
    }
    memo.set(left, least);
    return least;
  };
  return solve((1 << cards.length) - 1);
}

function ordered(cards) {
  return [...cards].sort((a, b) => rank(a) - rank(b) || suit(a).localeCompare(suit(b)));
}

// {points}: the hand's deadwood; with 11 cards (a card drawn, one to discard),
// the deadwood after the discard that leaves the least.
export function deadwoodOf(hand) {
  const cards = ordered(hand);
  if (cards.length <= 10) return { points: best(cards) };
  const after = cards.map((_, i) => best(cards.filter((__, j) => j !== i)));
  return { points: Math.min(...after), afterDiscard: true };
}

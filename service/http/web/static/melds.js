// Whether a group of cards is a meld, for the editors of groups.js: a set (3 or
// 4 cards of one rank, no suit twice) or a run (3 or more of one suit in a row
// of the rank order given). The server judges every action again; this check
// only shows the player at once which groups are not melds yet, so that the
// page sends no table or opening it knows the rules refuse.

export const JOKER = "JK";
export const SUITS = ["S", "H", "D", "C"];
export const ACE_HIGH = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

const rankOf = (card) => card.slice(0, -1);
const suitOf = (card) => card.slice(-1);

// shape: { order: ranks low to high, aceLow: an ace may also sit below the
// first rank, maxRun: the longest run }
export function meldKind(cards, shape) {
  if (cards.length < 3 || cards.some((card) => card === JOKER)) return null;
  if (isSet(cards)) return "set";
  return isRun(cards, shape) ? "run" : null;
}

function isSet(cards) {
  const suits = new Set(cards.map(suitOf));
  return cards.length <= 4 && new Set(cards.map(rankOf)).size === 1 && suits.size === cards.length;
}

function isRun(cards, { order, aceLow = false, maxRun = 13 }) {
  if (cards.length > maxRun || new Set(cards.map(suitOf)).size !== 1) return false;
  const tries = [order];
  if (aceLow && order[order.length - 1] === "A") tries.push(["A", ...order.slice(0, -1)]);
  return tries.some((ranks) => {
    const places = cards.map((card) => ranks.indexOf(rankOf(card))).sort((a, b) => a - b);
    return places[0] >= 0 && places.every((place, i) => i === 0 || place === places[i - 1] + 1);
  });
}

// Every code of the rank order in the four suits: what a joker may stand for.
export function allCards(order) {
  return SUITS.flatMap((suit) => order.map((rank) => rank + suit));
}

// The stand-ins that make `cards` a meld: for each joker (by its index in
// `cards`), every code it may stand for in some valid choice of them all. At
// most two jokers are searched together (more: no choice is offered).
export function standIns(cards, shape) {
  const jokers = cards.map((card, i) => (card === JOKER ? i : -1)).filter((i) => i >= 0);
  const options = Object.fromEntries(jokers.map((i) => [i, new Set()]));
  if (!jokers.length || jokers.length === cards.length || jokers.length > 2) return options;
  const codes = allCards(shape.order);
  const fill = (at, filled) => {
    if (at === jokers.length) {
      if (meldKind(filled, shape)) jokers.forEach((i) => options[i].add(filled[i]));
      return;
    }
    for (const code of codes) {
      const next = [...filled];
      next[jokers[at]] = code;
      fill(at + 1, next);
    }
  };
  fill(0, [...cards]);
  return options;
}

// A group's cards with each joker replaced by its stand-in (a joker without one stays a joker).
export function asDeclared(cards, chosen) {
  return cards.map((card, i) => (card === JOKER && chosen[i] ? chosen[i] : card));
}

// Kalooki's table values (rules: 2 to 10 face value, J Q K 10, the ace 11, or 1 below the 2).
export function tableValue(cards, kind) {
  const low = kind === "run" && cards.some((c) => rankOf(c) === "A") && cards.some((c) => rankOf(c) === "2");
  return cards.reduce((sum, card) => {
    const rank = rankOf(card);
    if (rank === "A") return sum + (low ? 1 : 11);
    return sum + (["J", "Q", "K"].includes(rank) ? 10 : Number(rank));
  }, 0);
}

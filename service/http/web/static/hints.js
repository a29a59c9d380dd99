// Which move the selected hand cards make, if any: the page marks a selection
// that is exactly one of the moves the seat's view lists (`actions`), so the
// player sees a legal meld before pressing anything. Only the listed moves
// count: the page never judges the rules itself, and an empty list (not the
// seat's turn) marks nothing.

import { sameCards } from "./common.js";

// The order a selection is checked in: a meld first (the cards alone), then
// the moves that use the table or the pile.
const KINDS = ["meld", "open", "layoff", "take_pile", "take"];

const SAID = {
  meld: "The selected cards make a meld you can lay.",
  open: "The selected cards make an opening you can lay.",
  layoff: "The selected cards can be laid off on the table.",
  take_pile: "The selected cards meld with the pile's top card.",
  take: "The selected cards meld with the exposed card.",
};

// The hand cards a listed move uses: its `cards`, or its melds' cards that are
// in the hand (an opening's melds hold the discard it takes; a take's hold the
// exposed card and the seat's melds).
function handCardsOf(action, handCards) {
  if (action.cards) return action.cards;
  if (action.type === "open") return handCards.opening(action);
  if (action.type === "take") return action.melds.flat().filter((card) => handCards.inHand.has(card));
  return null;
}

// The kind of the first listed move ("meld", "layoff", ...) whose hand cards
// are exactly `selected`, or null. `opening(action)`: an opening's hand cards.
export function legalKind(actions, selected, { hand = [], opening = () => [] } = {}) {
  if (!selected.length) return null;
  const handCards = { opening, inHand: new Set(hand) };
  for (const kind of KINDS) {
    const found = actions.some((a) => a.type === kind && sameCards(handCardsOf(a, handCards) || [], selected));
    if (found) return kind;
  }
  return null;
}

export function legalText(kind) {
  return SAID[kind] || "";
}

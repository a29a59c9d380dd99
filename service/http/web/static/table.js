// The table as the game page and the replay viewer draw it, whatever the
// variant: the stock, the discard pile (Gin: a list; Fortune: its top and size,
// or the whole pile in a replay), the melds with their owners (Iceberg and
// Fortune), each seat's face-up aces (Iceberg), a Gin knock and its answer.

import { cardEl, el } from "./common.js";

function pileOf(source) {
  if (Array.isArray(source.discard)) return { label: "Discard pile", cards: source.discard };
  if (Array.isArray(source.pile)) return { label: "Pile", cards: source.pile };
  if (source.pile && typeof source.pile === "object") {
    return { label: "Pile", size: source.pile.size, cards: source.pile.top ? [source.pile.top] : [] };
  }
  return null;
}

export function piles(source) {
  const parts = [el("div", { class: "pile", dataset: { pile: "stock" } },
    el("span", { class: "label", text: "Stock" }), el("span", { class: "count", text: String(source.stock ?? 0) }))];
  if (source.exposed !== undefined) parts.push(...exposedPiles(source));
  const pile = pileOf(source);
  if (pile) {
    const size = pile.size ?? pile.cards.length;
    const top = pile.cards.length ? pile.cards[pile.cards.length - 1] : null;
    parts.push(el("div", { class: "pile", dataset: { pile: "discard" } },
      el("span", { class: "label", text: pile.label }),
      top ? cardEl(top, { extra: { pile: "top" } }) : el("span", { class: "empty", text: "empty" }),
      el("span", { class: "count", text: `${size} card${size === 1 ? "" : "s"}` })));
  }
  return parts;
}

// Conquian: the face-up card to take or decline, and the dead pile (cards turned down, out of play).
function exposedPiles(source) {
  const dead = source.dead || [];
  return [el("div", { class: "pile", dataset: { pile: "exposed" } },
    el("span", { class: "label", text: "Exposed card" }),
    source.exposed ? cardEl(source.exposed, { extra: { pile: "exposed" } }) : el("span", { class: "empty", text: "none" })),
  el("div", { class: "pile", dataset: { pile: "dead" } },
    el("span", { class: "label", text: "Dead pile" }),
    el("span", { class: "count", text: `${dead.length} card${dead.length === 1 ? "" : "s"}` }))];
}

// Conquian: each seat's own melds (`melds` per seat: a list of card lists, or of {kind, cards}).
export function ownMelds(perSeat) {
  return (perSeat || []).flatMap((melds, seat) => (melds || []).map((meld, i) => ({
    id: `s${seat}m${i + 1}`, owner: seat, kind: meld.kind || "meld", cards: meld.cards || meld })));
}

// One meld: its owner, kind, points of view; every card a [data-card]. A
// button when the reader may choose it as the target of a lay-off.
export function meldEl(meld, names, { choosable = false, chosen = false, onChoose = null } = {}) {
  const owner = meld.owner === undefined || meld.owner === null ? "" : names[meld.owner] ?? `Seat ${meld.owner}`;
  const cards = meld.cards.map((card, i) => cardEl(card, { as: meld.as ? meld.as[i] : null }));
  const caption = el("span", { class: "meld-caption", text: `${owner}${owner ? "'s " : ""}${meld.kind || "meld"}` });
  const attrs = { class: "meld", dataset: { meld: meld.id, owner: String(meld.owner ?? "") } };
  if (!choosable) return el("div", attrs, caption, ...cards);
  return el("button", { ...attrs, type: "button", "aria-pressed": String(chosen),
    "aria-label": `${caption.textContent} ${meld.cards.join(" ")}: lay off here`, onclick: onChoose },
  caption, ...cards);
}

// Gin's melds are on the table only once a seat has knocked: the knocker's, then
// the defender's, with the cards laid off on the knocker's melds.
export function ginMelds(knock, show, names) {
  if (!knock) return [];
  const melds = knock.melds.map((cards, i) => ({ id: `k${i + 1}`, owner: knock.seat, kind: "meld", cards: [...cards] }));
  if (show) {
    for (const layoff of show.layoffs) melds[layoff.meld]?.cards.push(...layoff.cards);
    show.melds.forEach((cards, i) => melds.push({ id: `s${i + 1}`, owner: show.seat, kind: "meld", cards }));
  }
  const notes = [el("p", { class: "note",
    text: `${names[knock.seat]} ${knock.gin ? "went gin" : `knocked with ${knock.deadwood_points} deadwood`}` +
      (knock.card ? `, discarding ${knock.card} face down.` : ".") })];
  if (knock.deadwood.length) notes.push(deadwoodEl(names[knock.seat], knock.deadwood));
  if (show?.deadwood.length) notes.push(deadwoodEl(names[show.seat], show.deadwood));
  return { melds, notes };
}

function deadwoodEl(name, cards) {
  return el("div", { class: "deadwood" }, el("span", { class: "label", text: `${name}'s deadwood` }),
    ...cards.map((card) => cardEl(card, { extra: { deadwood: "true" } })));
}

export function acesEl(aces, names) {
  const rows = aces.map((cards, seat) => cards.length
    ? el("div", { class: "aces", dataset: { seat: String(seat) } },
      el("span", { class: "label", text: `${names[seat]}'s aces` }), ...cards.map((c) => cardEl(c)))
    : null).filter(Boolean);
  return rows;
}

// An editor of groups of cards: the player moves cards between groups, and
// from and back to their hand, and sees at once which groups are melds. It
// builds the actions whose body is a whole partition (editors.js): a new
// table, a take with the seat's melds regrouped, an opening of several melds.
//
// Every control is a button. A card is picked by a click (or Enter/Space),
// then "Move here" on a group, "New group" or "Back to my hand" moves every
// picked card; dragging a card onto a group (mouse, pen or finger) moves it
// alone. A joker's stand-in is chosen among the buttons of the cards it can
// stand for in its group.

import { cardEl, cardName, el } from "./common.js";
import { onDrag } from "./drag.js";
import { asDeclared, JOKER, meldKind, standIns } from "./melds.js";

const MAX_CHOICES = 8; // stand-in buttons shown per joker

export class Editor {
  // kind: the action type it builds; groups: lists of entries; pool: the
  // entries not in a group. An entry is { key, card, home }: home "hand" and
  // "exposed" may go back to the pool, "table" (a card already melded) may not.
  constructor({ kind, title, groups, pool, shape, onChange, suggestion = null }) {
    this.kind = kind;
    this.title = title;
    this.shape = shape;
    this.groups = groups.map((cards, i) => ({ id: `g${i + 1}`, cards }));
    this.made = groups.length;
    this.pool = pool;
    this.picked = new Set();
    this.stand = {}; // joker's key -> the card it stands for
    this.pristine = true;
    this.onChange = onChange;
    this.suggestion = suggestion; // a listed arrangement ([{cards, wild}]) the player may start from
    this.root = null;
  }

  // Start again from an arrangement: each group's cards taken from wherever
  // they are (a code held twice: its first copy not yet placed), each joker
  // standing for the next of its group's `wild`.
  arrange(groups) {
    const left = this.all();
    this.groups = groups.map(({ cards, wild = [] }, n) => {
      const stands = [...wild];
      return { id: `g${n + 1}`, cards: cards.map((card) => {
        const at = left.findIndex((e) => e.card === card);
        const entry = at >= 0 ? left.splice(at, 1)[0] : null;
        if (entry && card === JOKER && stands.length) this.stand[entry.key] = stands.shift();
        return entry;
      }).filter(Boolean) };
    });
    this.made = groups.length;
    this.pool = left;
    this.picked = new Set();
    this.pristine = false;
    this.redraw();
    this.onChange?.();
  }

  pick(key) {
    if (this.picked.has(key)) this.picked.delete(key);
    else this.picked.add(key);
    this.redraw();
  }

  // Move the picked cards to a group ("new": a new one; "pool": back to the hand).
  moveTo(where) {
    if (!this.picked.size) return;
    const moving = this.all().filter((entry) => this.picked.has(entry.key)
      && (where !== "pool" || entry.home !== "table"));
    const keys = new Set(moving.map((entry) => entry.key));
    this.pool = this.pool.filter((entry) => !keys.has(entry.key));
    for (const group of this.groups) group.cards = group.cards.filter((entry) => !keys.has(entry.key));
    if (where === "pool") this.pool.push(...moving);
    else if (where === "new") this.groups.push({ id: `g${(this.made += 1)}`, cards: moving });
    else this.groups.find((group) => group.id === where)?.cards.push(...moving);
    this.groups = this.groups.filter((group) => group.cards.length);
    this.picked = new Set();
    this.pristine = false;
    this.redraw();
    this.onChange?.();
  }

  choose(key, card) {
    this.stand[key] = card;
    this.pristine = false;
    this.redraw();
    this.onChange?.();
  }

  all() {
    return [...this.pool, ...this.groups.flatMap((group) => group.cards)];
  }

  // A group as declared: its cards, each joker's stand-in (chosen, or the only
  // one possible), the stand-ins possible, and the meld it makes (or null).
  read(group) {
    const cards = group.cards.map((entry) => entry.card);
    const options = standIns(cards, this.shape);
    const chosen = {};
    group.cards.forEach((entry, i) => {
      if (entry.card !== JOKER) return;
      const possible = options[i] || new Set();
      const mine = this.stand[entry.key];
      if (mine && possible.has(mine)) chosen[i] = mine;
      else if (possible.size === 1) [chosen[i]] = possible;
    });
    const declared = asDeclared(cards, chosen);
    return { cards, chosen, options, declared, kind: meldKind(declared, this.shape) };
  }

  // What the editor holds: each group's cards, the jokers' stand-ins in their
  // order, and whether it is a meld.
  result() {
    return this.groups.map((group) => {
      const { cards, chosen, kind, declared } = this.read(group);
      const wild = cards.map((card, i) => (card === JOKER ? chosen[i] : null)).filter((card) => card !== null);
      return { cards, wild, kind, declared, homes: group.cards.map((entry) => entry.home) };
    });
  }

  // Why the groups cannot be sent yet, in words; null when every group is a meld.
  problem() {
    const wrong = this.result().findIndex((group) => !group.kind);
    if (wrong < 0) return null;
    const jokerLeft = this.result()[wrong].cards.includes(JOKER);
    return `Group ${wrong + 1} is not a meld yet${jokerLeft ? " (choose what each joker stands for)" : ""}.`;
  }

  mount(container) {
    this.root = container;
    this.redraw();
  }

  redraw() {
    if (!this.root) return;
    const active = document.activeElement;
    const again = active && this.root.contains(active) ? focusSelector(active) : null;
    this.root.replaceChildren(...this.draw());
    this.root.dataset.editor = this.kind;
    this.root.hidden = false;
    const target = again && (this.root.querySelector(again) || this.root.querySelector("button:not([disabled])"));
    target?.focus();
  }

  draw() {
    const any = this.picked.size > 0;
    const groups = this.groups.map((group, n) => this.drawGroup(group, n, any));
    const fresh = el("button", { type: "button", class: "secondary", disabled: !any, dataset: { moveTo: "new" },
      onclick: () => this.moveTo("new") }, "New group with the picked cards");
    const pool = el("div", { class: "group pool", dataset: { group: "pool" }, role: "group",
      "aria-label": "Cards not in a group" },
    el("span", { class: "group-caption", text: "Not in a group" }),
    ...this.pool.map((entry) => this.drawCard(entry)),
    el("button", { type: "button", class: "secondary", disabled: !any, dataset: { moveTo: "pool" },
      onclick: () => this.moveTo("pool") }, "Back to my hand"));
    const help = el("p", { class: "hint", text: "Pick cards, then press Move here on a group (or drag a card "
      + "onto it). Red groups are not melds yet." });
    const suggest = this.suggestion ? el("button", { type: "button", class: "secondary",
      dataset: { suggest: this.kind }, onclick: () => this.arrange(this.suggestion) }, "Show me one that works")
      : null;
    return [el("h2", { text: this.title }), help, el("div", { class: "groups" }, ...groups, fresh), pool, suggest];
  }

  drawGroup(group, n, any) {
    const read = this.read(group);
    const valid = Boolean(read.kind);
    const unsaid = read.cards.some((card, i) => card === JOKER && read.options[i]?.size && !read.chosen[i]);
    const caption = `Group ${n + 1}: ${read.kind || (unsaid ? "not a meld until you say what the joker stands for"
      : "not a meld")}`;
    const cards = group.cards.map((entry, i) => [this.drawCard(entry, read.chosen[i]),
      entry.card === JOKER ? this.drawStandIns(entry, read.options[i], read.chosen[i]) : null]);
    return el("div", { class: `group ${valid ? "valid" : "invalid"}`, role: "group", "aria-label": caption,
      dataset: { group: group.id, valid: String(valid), kind: read.kind || "" } },
    el("span", { class: "group-caption", text: caption }), ...cards.flat(),
    el("button", { type: "button", class: "secondary", disabled: !any, dataset: { moveTo: group.id },
      onclick: () => this.moveTo(group.id) }, "Move here"));
  }

  drawCard(entry, as = null) {
    const button = cardEl(entry.card, { button: true, as, extra: { key: entry.key, home: entry.home } });
    button.setAttribute("aria-pressed", String(this.picked.has(entry.key)));
    button.addEventListener("click", () => this.pick(entry.key));
    dragToGroup(button, (where) => {
      this.picked = new Set([entry.key]);
      this.moveTo(where);
    });
    return button;
  }

  drawStandIns(entry, options, chosen) {
    const codes = [...(options || [])].slice(0, MAX_CHOICES);
    if (!codes.length) return el("span", { class: "note", text: "(this joker fits no card here yet)" });
    return el("span", { class: "stand-ins", role: "group", "aria-label": "The joker stands for" }, "stands for",
      ...codes.map((code) => el("button", { type: "button", class: "secondary stand-in",
        "aria-pressed": String(code === chosen), "aria-label": `The joker stands for the ${cardName(code)}`,
        dataset: { standIn: entry.key, as: code }, onclick: () => this.choose(entry.key, code) }, code)));
  }
}

// The control to focus again after a redraw: the same card, group button or stand-in.
function focusSelector(node) {
  const data = node.dataset;
  if (data.standIn) return `[data-stand-in="${CSS.escape(data.standIn)}"][data-as="${CSS.escape(data.as)}"]`;
  if (data.key) return `button[data-key="${CSS.escape(data.key)}"]`;
  if (data.moveTo) return `button[data-move-to="${CSS.escape(data.moveTo)}"]`;
  if (data.suggest) return "button[data-suggest]";
  return null;
}

// A card dragged onto a group moves there ("pool": the hand's row; anywhere
// else between the groups: a new group).
function dragToGroup(button, drop) {
  onDrag(button, (under) => {
    const group = under?.closest("[data-group]");
    if (group) drop(group.dataset.group);
    else if (under?.closest(".groups")) drop("new");
  });
}

// The actions whose body is a whole partition of cards, each built in the
// group editor (groups.js) from the seat's view, keyed by the action's type:
//   play: the whole new table (the table's melds, regrouped, plus cards of the hand);
//   take: the seat's whole new list of melds with the exposed card (its melds
//         regrouped, plus cards of the hand), in a 40-card pack where 7 and J
//         are neighbours and the ace is low only;
//   open: several new melds of the hand at once (before the draw: with the
//         top discard in one of them), each joker's stand-in declared, worth
//         the rules' `initial_meld` together.
// `wanted`: whether the listed actions call for the editor now; `build`: the
// editor for the view; `action`: the body the editor makes, or why none.

import { Editor } from "./groups.js";
import { ACE_HIGH, tableValue } from "./melds.js";

const FORTY_CARDS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"];

// The meld rules each action's groups are judged by (melds.js), from the game's rules.
export const SHAPES = {
  play: () => ({ order: ACE_HIGH }),
  take: () => ({ order: FORTY_CARDS, maxRun: 8 }),
  open: (rules) => ({ order: ACE_HIGH, aceLow: Boolean(rules?.ace_low) }),
};

const handEntries = (view) => (view.hand || []).map((card, i) => ({ key: `h${i}`, card, home: "hand" }));
const meldCards = (meld) => (Array.isArray(meld) ? meld : meld.cards);
// Whether every meld of the table is still a group of the editor, as it was.
function keepsTable(editor, table) {
  const key = (cards) => [...cards].sort().join(" ");
  const groups = editor.result().map((g) => key(g.cards));
  return (table || []).every((meld) => {
    const at = groups.indexOf(key(meldCards(meld)));
    return at >= 0 && groups.splice(at, 1);
  });
}

const fromHand = (editor) => editor.result().flatMap((g) => g.cards.filter((_, i) => g.homes[i] === "hand"));

export const EDITED = {
  play: {
    title: "Build the new table",
    wanted: (options) => options.some((a) => a.type === "play"),
    build: (view, onChange, options) => new Editor({
      kind: "play", title: EDITED.play.title, onChange, shape: SHAPES.play(view.rules),
      suggestion: options.find((a) => a.type === "play")?.table.map((cards) => ({ cards })),
      groups: (view.table || []).map((meld, m) => meldCards(meld).map((card, i) => ({ key: `t${m}.${i}`, card,
        home: "table" }))),
      pool: handEntries(view),
    }),
    action: (editor, view) => {
      const why = editor.problem();
      if (why) return { why };
      if (!fromHand(editor).length) return { why: "Move at least one card of your hand to the table first." };
      if (view.opening && !keepsTable(editor, view.table)) { // own_opening: a first play only adds melds
        return { why: "Your first play may only add melds of your own cards: leave the table's melds as they are." };
      }
      return { action: { type: "play", table: editor.result().map((g) => g.cards) } };
    },
  },
  take: {
    title: "Your melds with the exposed card",
    wanted: (options) => options.some((a) => a.type === "take"),
    build: (view, onChange, options) => new Editor({
      kind: "take", title: EDITED.take.title, onChange, shape: SHAPES.take(view.rules),
      suggestion: options.find((a) => a.type === "take")?.melds.map((cards) => ({ cards })),
      groups: (view.seats?.[view.seat]?.melds || []).map((meld, m) => meldCards(meld).map((card, i) => ({
        key: `s${m}.${i}`, card, home: "table" }))),
      pool: [{ key: "x", card: view.exposed, home: "exposed" }, ...handEntries(view)],
    }),
    action: (editor) => {
      if (editor.pool.some((entry) => entry.home === "exposed")) {
        return { why: "The exposed card must join one of your melds: move it into a group." };
      }
      const why = editor.problem();
      return why ? { why } : { action: { type: "take", melds: editor.result().map((g) => g.cards) } };
    },
  },
  open: {
    title: "Your opening",
    wanted: (options) => options.some((a) => a.type === "open"),
    // after the draw, an opening of the hand; before it, one that takes the top discard as the draw
    build: (view, onChange, options) => {
      const withDiscard = !options.some((a) => a.type === "open" && !a.take_discard);
      const pool = handEntries(view);
      if (withDiscard) pool.unshift({ key: "d", card: view.pile?.top, home: "discard" });
      const listed = options.find((a) => a.type === "open" && a.take_discard === withDiscard);
      const editor = new Editor({ kind: "open", title: withDiscard ? "Your opening with the top discard"
        : EDITED.open.title, onChange, groups: [], pool, shape: SHAPES.open(view.rules),
      suggestion: listed?.melds });
      editor.from = withDiscard ? "discard" : null; // the open control it serves
      return editor;
    },
    action: (editor, view) => {
      if (editor.pool.some((entry) => entry.home === "discard")) {
        return { why: "The top discard must join one of the melds of this opening: move it into a group." };
      }
      const why = editor.problem();
      if (why) return { why };
      const melds = editor.result();
      if (!melds.length) return { why: "Move the cards of your opening into groups first." };
      const worth = melds.reduce((sum, g) => sum + tableValue(g.declared, g.kind), 0);
      const needed = view.rules?.initial_meld ?? 0;
      if (worth < needed) return { why: `These melds are worth ${worth}; an opening must be worth ${needed}.` };
      return { action: { type: "open", melds: melds.map((g) => ({ cards: g.cards, wild: g.wild })),
        take_discard: editor.from === "discard" } };
    },
  },
};

// The editor of the partition an action states, shown in `box` while the seat
// may make that action (the one already shown kept as the player left it);
// none otherwise. Returns the editor shown, or null.
export function showEditor(box, shown, view, options, onChange) {
  const type = Object.keys(EDITED).find((kind) => EDITED[kind].wanted(options));
  if (!type) {
    box.hidden = true;
    box.replaceChildren();
    return null;
  }
  const editor = shown?.kind === type ? shown : EDITED[type].build(view, onChange, options);
  editor.mount(box);
  return editor;
}

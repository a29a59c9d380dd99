// Which card a joker stands for in a meld or a lay-off (Kalooki's jokers):
// when the listed actions for the selected cards differ only in that, the
// page asks the player instead of choosing for them. The action's button
// then shows one button per stand-in the rules list; pressing one makes the
// action with it.

import { el } from "./common.js";

let asked = null; // { type, options: the listed actions, one per stand-in }
let picked = null; // the index in asked.options the player chose

const key = (action) => JSON.stringify(action.wild || []);

export function forgetWild() {
  asked = null;
  picked = null;
}

// The action to send among `matches` (the listed ones the selection makes),
// or why none yet: the player has to say what the joker stands for.
export function byWild(matches, type) {
  const options = matches.filter((action, i) => matches.findIndex((other) => key(other) === key(action)) === i);
  if (options.length <= 1) return { action: matches[0] };
  const same = asked && asked.type === type && asked.options.map(key).join() === options.map(key).join();
  if (same && picked !== null) return { action: asked.options[picked] };
  asked = { type, options };
  picked = null;
  return { why: "Say what the joker stands for: choose it below the actions." };
}

// The stand-in buttons while the page asks (null otherwise); `again(type)`
// presses the action's control once one is chosen.
export function wildButtons(again) {
  if (!asked) return null;
  const { type, options } = asked;
  return el("div", { class: "wilds", role: "group", "aria-label": "The joker stands for" }, "The joker stands for: ",
    ...options.map((action, i) => el("button", { type: "button", class: "secondary",
      dataset: { wild: (action.wild || []).join(" ") }, onclick: () => {
        picked = i;
        again(type);
      } }, (action.wild || []).join(" and "))));
}

// The rules panel of the game page: a "Rules" button in the page's top bar
// opens a dialog with the variant's rules (GET /play/rules/<variant>, the
// server's HTML of docs/rules/<variant>.md, made by Markdown with raw HTML
// off). The text is fetched the first time the panel opens. The dialog is
// modal: the keyboard stays in it, Escape or the close button closes it, and
// the focus goes back to the button.

import { el, titleOf } from "./common.js";

let dialog = null;
let loaded = null; // the variant whose rules the dialog holds

async function fill(variant) {
  const body = dialog.querySelector(".rules-body");
  if (loaded === variant) return;
  body.replaceChildren(el("p", { text: "Loading the rules…" }));
  const response = await fetch(`/play/rules/${encodeURIComponent(variant)}`, { headers: { Accept: "text/html" } });
  if (!response.ok) {
    body.replaceChildren(el("p", { text: "The rules could not be loaded; try again later." }));
    return;
  }
  // the server's own rendering of the rules file: Markdown's elements only, no script, no attribute of its own
  const parsed = new DOMParser().parseFromString(await response.text(), "text/html");
  body.replaceChildren(...[...parsed.body.childNodes].map((node) => document.adoptNode(node)));
  loaded = variant;
}

function build() {
  const close = el("button", { type: "button", class: "secondary", dataset: { rules: "close" },
    onclick: () => dialog.close() }, "Close");
  dialog = el("dialog", { class: "rules-panel", dataset: { testid: "rules" }, "aria-labelledby": "rules-heading" },
    el("div", { class: "rules-head" }, el("h2", { id: "rules-heading", text: "Rules" }), close),
    el("div", { class: "rules-body", tabindex: "0" }));
  dialog.addEventListener("click", (event) => { // a click on the backdrop closes it
    if (event.target === dialog) dialog.close();
  });
  document.body.append(dialog);
}

// The button that opens the rules of `variant`, placed once in the top bar.
export function offerRules(variant) {
  if (!variant || document.getElementById("rules")) return;
  build();
  const open = el("button", { type: "button", class: "secondary", dataset: { rules: "open" },
    "aria-haspopup": "dialog", onclick: async () => {
      dialog.querySelector("#rules-heading").textContent = `Rules of ${titleOf(variant)}`;
      dialog.showModal();
      await fill(variant);
    } }, "Rules");
  document.querySelector("header.bar").append(el("span", { id: "rules" }, open));
}

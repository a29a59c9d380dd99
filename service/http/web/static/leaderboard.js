// The leaderboards (/play/leaderboard?variant=gin): a variant's players and bots
// by rating, best first, a page at a time (GET /variants/{v}/leaderboard).

import { api, el, problemText, say } from "./common.js";
import { number, profileLink, query, setQuery, variantOptions, variantTitle } from "./world.js";

const $ = (id) => document.getElementById(id);
const main = document.querySelector("main");
let cursor = null;

function row(entry) {
  return el("tr", { dataset: { player: entry.player, rank: String(entry.rank) } },
    el("td", { text: String(entry.rank) }),
    el("th", { scope: "row" }, profileLink(entry.player, entry.bot ? `${entry.name} (bot)` : entry.name)),
    el("td", { text: number(entry.ordinal, 2) }),
    el("td", { text: `${number(entry.mu)} ± ${number(entry.sigma)}` }),
    el("td", { text: String(entry.games) }));
}

async function show(more = false) {
  const variant = $("board-variant").value;
  main.dataset.variant = variant;
  setQuery({ variant });
  $("board-caption").textContent = `${variantTitle(variant)}: standings`;
  const params = new URLSearchParams({ limit: "50" });
  if (more && cursor) params.set("cursor", cursor);
  main.setAttribute("aria-busy", "true");
  const result = await api("GET", `/variants/${encodeURIComponent(variant)}/leaderboard?${params}`);
  main.setAttribute("aria-busy", "false");
  if (!result.ok) return say($("message"), problemText(result), "error");
  const body = $("board").tBodies[0];
  const rows = result.body.players.map(row);
  if (more) body.append(...rows);
  else body.replaceChildren(...rows);
  cursor = result.body.next_cursor;
  $("board-more").hidden = !cursor;
  $("board-empty").hidden = body.rows.length > 0;
  $("board").hidden = body.rows.length === 0;
}

async function start() {
  const select = $("board-variant");
  await variantOptions(select, query().get("variant"));
  if (!select.value && select.options.length) select.value = select.options[0].value;
  select.addEventListener("change", () => show());
  $("board-form").addEventListener("submit", (event) => { event.preventDefault(); show(); });
  $("board-more").addEventListener("click", () => show(true));
  await show();
}

start();

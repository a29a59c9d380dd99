// The history of games (/play/history?status=&variant=&player=): every game,
// newest first, filtered by status, variant and player, a page at a time
// (GET /games). The filters live in the address, so a link shows the same list.

import { api, el, gameEndText, keep, say } from "./common.js";
import { dateText, profileLink, query, setQuery, variantOptions, variantTitle } from "./world.js";

const $ = (id) => document.getElementById(id);
const main = document.querySelector("main");
const PLAYER = /^(p_[0-9a-f]{16}|bot:[a-z_]+)$/;
const STATUS_WORDS = { open: "waiting for players", active: "being played", finished: "finished" };
let cursor = null;

function filters() {
  const form = $("history-form");
  return { status: form.status.value, variant: form.variant.value, player: form.player.value.trim() };
}

function result(game) {
  if (game.status !== "finished") return `Hand ${game.hands + 1} being played.`;
  const names = (game.winners || []).map((seat) => game.seats[seat]?.name ?? `Seat ${seat}`);
  const won = names.length ? `Won by ${names.join(" and ")}` : "No winner";
  const totals = game.totals ? ` (${game.totals.join(" – ")})` : "";
  return `${won}${totals}: ${gameEndText(game.reason)}.`;
}

function item(game) {
  const seats = [];
  for (const seat of game.seats) {
    if (seats.length) seats.push(", ");
    seats.push(seat.bot ? el("span", { text: `${seat.name ?? seat.bot} (bot)` }) : profileLink(seat.player, seat.name));
  }
  const when = game.ended ? `ended ${dateText(game.ended)}` : `started ${dateText(game.created)}`;
  return el("li", { dataset: { game: game.id, status: game.status, variant: game.variant } },
    el("a", { href: `/play/games/${encodeURIComponent(game.id)}`, text: game.name || game.id }),
    el("span", { class: "tag", text: ` ${variantTitle(game.variant)}, ${STATUS_WORDS[game.status] || game.status}` }),
    el("div", { class: "seats-line" }, ...seats),
    el("div", { class: "result", text: `${result(game)} ${when}.` }),
    replays(game),
    game.rated === false ? el("div", { class: "note", text: "Not rated." }) : null);
}

// Links to the replays of the hands that have ended (the last 10 of a long game).
function replays(game) {
  const ended = game.status === "finished" ? game.hands : Math.max(0, game.hands - 1);
  if (!ended) return null;
  const links = [];
  for (let n = Math.max(0, ended - 10); n < ended; n += 1) {
    links.push(" ", el("a", { href: `/play/games/${encodeURIComponent(game.id)}/hands/${n}/replay`,
      "aria-label": `Replay of hand ${n + 1} of ${game.name || game.id}`, text: `hand ${n + 1}` }));
  }
  return el("div", { class: "replay-links" }, "Replays:", ...links);
}

async function show(more = false) {
  const chosen = filters();
  if (chosen.player && !PLAYER.test(chosen.player)) {
    return say($("message"), "A player id looks like p_ and 16 hexadecimal digits, or bot:greedy.", "error");
  }
  say($("message"), "");
  setQuery(chosen);
  const params = new URLSearchParams({ limit: "20" });
  for (const [name, value] of Object.entries(chosen)) if (value) params.set(name, value);
  if (more && cursor) params.set("cursor", cursor);
  main.setAttribute("aria-busy", "true");
  const answer = await api("GET", `/games?${params}`);
  main.setAttribute("aria-busy", "false");
  if (!answer.ok) return say($("message"), answer.body?.detail || "The history could not be read.", "error");
  const list = $("history-games");
  const items = answer.body.games.map(item);
  if (more) list.append(...items);
  else list.replaceChildren(...items);
  cursor = answer.body.next_cursor;
  $("history-more").hidden = !cursor;
  const count = list.children.length;
  $("history-summary").textContent = count ? `${count} game${count === 1 ? "" : "s"} shown${cursor ? ", more below" : ""}.`
    : "No game matches these filters.";
}

async function start() {
  const form = $("history-form");
  const given = query();
  await variantOptions(form.variant, given.get("variant"), "Any");
  form.status.value = ["active", "finished"].includes(given.get("status")) ? given.get("status") : "";
  form.player.value = given.get("player") || "";
  form.addEventListener("submit", (event) => { event.preventDefault(); show(); });
  $("history-more").addEventListener("click", () => show(true));
  const me = keep.player();
  if (me) {
    $("history-mine").hidden = false;
    $("history-mine").addEventListener("click", () => { form.player.value = me.id; show(); });
  }
  await show();
}

start();

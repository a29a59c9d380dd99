// The replay viewer (/play/games/{id}/hands/{n}/replay#v=123): every frame of
// a finished hand, every seat's cards shown (the hand is over, so nothing is
// hidden any more), the narration of the frame, and each seat's result at the
// end. The frame is in the fragment, so a link can point at one moment.

import { api, cardEl, el, handEndText, say } from "./common.js";
import { fieldText, valueText } from "./words.js";
import { acesEl, ginMelds, meldEl, ownMelds, piles } from "./table.js";

const $ = (id) => document.getElementById(id);
const main = document.querySelector("main");
const message = $("message");
const [, , , rawId, , rawHand] = location.pathname.split("/");
const gameId = decodeURIComponent(rawId || "");
const handNumber = Number(rawHand);

let replay = null;
let index = 0;

async function fetchReplay() {
  for (let tries = 0; tries < 60; tries++) {
    const result = await api("GET", `/games/${encodeURIComponent(gameId)}/hands/${handNumber}/replay`);
    if (result.status === 200) return result.body;
    if (result.status !== 202) throw new Error(result.body?.detail || `The server answered ${result.status}.`);
    say(message, "The replay is being built…");
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(result.headers.get("Retry-After") || 1)));
  }
  throw new Error("The replay is taking too long to build; try again later.");
}

function frameFromHash() {
  const wanted = Number(new URLSearchParams(location.hash.replace(/^#/, "")).get("v"));
  if (!wanted) return null;
  let found = null;
  replay.frames.forEach((frame, i) => {
    if (frame.version <= wanted) found = i;
  });
  return found;
}

// Turns: the frames where a new seat starts acting, for the "jump to a turn" list.
function turns() {
  const found = [];
  let actor = null;
  replay.frames.forEach((frame, i) => {
    const seat = frame.event.data?.seat;
    if (seat !== undefined && seat !== null && seat !== actor) {
      actor = seat;
      found.push({ index: i, seat });
    }
  });
  return found;
}

function show(i, { updateHash = true } = {}) {
  index = Math.max(0, Math.min(replay.frames.length - 1, i));
  const frame = replay.frames[index];
  const slider = $("slider");
  slider.value = String(index);
  slider.setAttribute("aria-valuetext", `Frame ${index + 1} of ${replay.frames.length}: version ${frame.version}`);
  $("position").textContent = `Frame ${index + 1} of ${replay.frames.length} (version ${frame.version})`;
  $("narration").textContent = frame.narration || `${frame.event.type}.`;
  main.dataset.frame = String(index);
  main.dataset.version = String(frame.version);
  drawFrame(frame);
  drawScores(index === replay.frames.length - 1);
  const list = turns();
  const current = list.filter((t) => t.index <= index).pop();
  $("turns").value = current ? String(current.index) : "";
  if (updateHash) history.replaceState(null, "", `${location.pathname}#v=${frame.version}`);
}

function drawFrame(frame) {
  const state = frame.state;
  const names = replay.players;
  const seats = state.hands.map((cards, seat) => el("div", { class: `seat-hand${state.turn === seat ? " to-play" : ""}`,
    dataset: { seat: String(seat) } },
  el("h3", {}, names[seat], state.points ? ` (${state.points[seat]} points this hand)` : ""),
  el("div", { class: "cards" }, ...(cards.length ? cards.map((c) => cardEl(c)) : [el("span", { class: "empty",
    text: "no cards" })]))));
  const table = (state.table || []).map((m) => meldEl(m, names));
  const gin = ginMelds(state.knock, state.show, names);
  const aces = state.aces ? acesEl(state.aces, names) : [];
  const own = state.melds ? ownMelds(state.melds).map((m) => meldEl(m, names)) : [];
  $("frame").replaceChildren(
    el("div", { class: "piles" }, ...piles(state)),
    el("div", { class: "melds" }, ...table, ...(gin.melds || []).map((m) => meldEl(m, names)), ...(gin.notes || []),
      ...aces, ...own),
    el("div", { class: "hands" }, ...seats));
}

// The hand's result, from its HandEnded event: one row per seat, one column per
// field the variant reports (Iceberg's `total`, Gin's `score`, …).
function drawScores(atEnd) {
  const region = $("scores");
  const ended = replay.frames.find((f) => f.event.type === "HandEnded");
  if (!atEnd || !ended) {
    region.replaceChildren();
    region.hidden = true;
    return;
  }
  region.hidden = false;
  const results = ended.event.data.results || [];
  const fields = [...new Set(results.flatMap((r) => Object.keys(r)))].filter((f) => f !== "seat");
  const head = el("tr", {}, el("th", { scope: "col", text: "Seat" }),
    ...fields.map((f) => el("th", { scope: "col", text: fieldText(f) })));
  const rows = results.map((r) => el("tr", { dataset: { seat: String(r.seat) } },
    el("th", { scope: "row", text: replay.players[r.seat] }),
    ...fields.map((f) => el("td", { dataset: { field: f }, text: valueText(r[f]) }))));
  region.replaceChildren(el("h2", { text: `Hand ${handNumber + 1} is over: ${handEndText(ended.event.data.reason)}` }),
    el("table", { dataset: { testid: "scores" } }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

async function start() {
  $("back").href = `/play/games/${encodeURIComponent(gameId)}`;
  $("replay-title").textContent = `Hand ${handNumber + 1}: replay`;
  try {
    replay = await fetchReplay();
  } catch (error) {
    main.setAttribute("aria-busy", "false");
    return say(message, error.message, "error");
  }
  say(message, "");
  const slider = $("slider");
  slider.max = String(replay.frames.length - 1);
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(index - 1));
  $("next").addEventListener("click", () => show(index + 1));
  $("last").addEventListener("click", () => show(replay.frames.length - 1));
  $("turns").replaceChildren(...turns().map((t, n) => el("option", { value: String(t.index),
    text: `${n + 1}: ${replay.players[t.seat]}` })));
  $("turns").addEventListener("change", (e) => show(Number(e.target.value)));
  window.addEventListener("hashchange", () => {
    const i = frameFromHash();
    if (i !== null) show(i, { updateHash: false });
  });
  $("controls").hidden = false;
  show(frameFromHash() ?? 0, { updateHash: false });
  main.setAttribute("aria-busy", "false");
  main.dataset.frames = String(replay.frames.length);
}

start();

// What every page shares: the API client, the tokens this browser keeps, cards
// drawn as elements, countdowns. The pages use the public API exactly as any
// other client does, with the reader's own token, so they can show only what
// the API shows that reader.

import { faceOf } from "./faces.js";
import { problemWords } from "./words.js";

const PLAYER_KEY = "iceberg.player";
const GAME_KEY = (id) => `iceberg.game.${id}`;
const INVITE_KEY = (id) => `iceberg.invite.${id}`;

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

export const keep = {
  player: () => readJson(PLAYER_KEY),
  setPlayer: (player) => localStorage.setItem(PLAYER_KEY, JSON.stringify(player)),
  forgetPlayer: () => localStorage.removeItem(PLAYER_KEY),
  seatToken: (id) => localStorage.getItem(GAME_KEY(id)),
  setSeatToken: (id, token) => localStorage.setItem(GAME_KEY(id), token),
  invite: (id) => localStorage.getItem(INVITE_KEY(id)),
  setInvite: (id, code) => localStorage.setItem(INVITE_KEY(id), code),
};

// One call to the API: {status, body, headers}; a problem+json body keeps its
// `detail` and `code` for the message the page shows.
export async function api(method, path, { token, body, signal } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    cache: "no-store",
  });
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { detail: text };
    }
  }
  return { status: response.status, ok: response.ok, body: data, headers: response.headers };
}

// A refused request in the rules' words: the problem's `detail` (its words for
// the `code`, or its `title`, without one), never its `code` alone. The words
// of every code, reason and phase are in one table: words.js.
export function problemText(result) {
  return problemWords(result.body, result.status);
}

export { gameEndText, handEndText, phaseText, statusText, titleOf, VARIANT_TITLES } from "./words.js";

// el("div", {class: "x", dataset: {card: "7H"}}, child, "text", ...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SUITS = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
const RANKS = { A: "ace", J: "jack", Q: "queen", K: "king" };

const JOKER = "JK"; // Kalooki's jokers: no rank, no suit

export function cardName(card) {
  if (card === JOKER) return "joker";
  const rank = card.slice(0, -1);
  return `${RANKS[rank] || rank} of ${SUITS[card.slice(-1)][1]}`;
}

// A card as the page shows it: `[data-card="7H"]`, a button where it can be
// chosen. `as` names what a wild card stands for.
export function cardEl(card, { button = false, as = null, extra = {} } = {}) {
  const joker = card === JOKER;
  const suit = joker ? "joker" : card.slice(-1);
  const stands = as && as !== card;
  const label = stands ? `${cardName(card)} as ${cardName(as)}` : cardName(card);
  const face = [faceOf(card)]; // drawn (faces.js), hidden from assistive technology: the name is the label
  if (stands) face.push(el("span", { class: "as", text: `=${as}` }));
  // the name begins with what the face shows ("7♥, 7 of hearts"; WCAG 2.5.3, label in name), so that a
  // player who speaks to the browser can name the card as they see it
  const shown = (joker ? "Joker" : `${card.slice(0, -1)}${SUITS[suit][0]}`) + (stands ? `=${as}` : "");
  const attrs = { class: `card suit-${suit}`, dataset: { card, ...extra }, "aria-label": `${shown}, ${label}`,
    title: label };
  if (button) return el("button", { type: "button", "aria-pressed": "false", ...attrs }, ...face);
  return el("span", { role: "img", ...attrs }, ...face);
}

// The hand in an order that helps: by suit (then rank) or by rank (then suit).
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_ORDER = ["S", "H", "C", "D"]; // black and red alternate

function cardKey(card, by) {
  if (card === JOKER) return [99, 99];
  const rank = RANK_ORDER.indexOf(card.slice(0, -1));
  const suit = SUIT_ORDER.indexOf(card.slice(-1));
  return by === "rank" ? [rank, suit] : [suit, rank];
}

export function compareCards(a, b, by = "suit") {
  const [x, y] = [cardKey(a, by), cardKey(b, by)];
  return x[0] - y[0] || x[1] - y[1];
}

// Copies text to the clipboard: navigator.clipboard where the browser allows
// it, else a hidden text field and the older copy command. True when copied.
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, page not focused): the older way below
  }
  const field = el("textarea", { readonly: true, "aria-hidden": "true", class: "visually-hidden" });
  field.value = text;
  document.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  field.remove();
  return copied;
}

export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((card, i) => card === right[i]);
}

// "2d 03h", "4m 12s", "time is up": how long until an ISO instant.
export function countdown(iso, now = Date.now()) {
  const left = Math.floor((Date.parse(iso) - now) / 1000);
  if (left <= 0) return "time is up";
  const d = Math.floor(left / 86400);
  const h = Math.floor((left % 86400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n) => String(n).padStart(2, "0");
  if (d) return `${d}d ${pad(h)}h left`;
  if (h) return `${h}h ${pad(m)}m left`;
  return `${m}m ${pad(s)}s left`;
}

// Every [data-deadline] element shows its countdown, refreshed each second.
export function tickDeadlines() {
  const refresh = () => {
    for (const node of document.querySelectorAll("[data-deadline]")) {
      node.textContent = countdown(node.dataset.deadline);
    }
  };
  refresh();
  return setInterval(refresh, 1000);
}

export function say(region, text, kind = "info") {
  region.textContent = text || "";
  region.dataset.kind = kind;
  region.hidden = !text;
}

// The fragment's parameters (#token=…&v=…), never sent to the server.
export function fragment() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

export function dropFragment() {
  history.replaceState(null, "", location.pathname + location.search);
}

// Where the keyboard is, so that a region drawn again can give the focus back to
// the same control: a button replaced by its new self would drop it to <body>.
const FOCUS_KEYS = ["action", "card", "meld", "sort", "copy", "notify"];

export function focusKey() {
  const active = document.activeElement;
  if (!active || active.tagName !== "BUTTON") return null;
  const attr = FOCUS_KEYS.find((name) => active.dataset[name] !== undefined);
  if (!attr) return null;
  const selector = `button[data-${attr}="${CSS.escape(active.dataset[attr])}"]`;
  return { attr, selector, from: active.dataset.from, nth: [...document.querySelectorAll(selector)].indexOf(active),
    region: active.closest("[data-testid]")?.dataset.testid };
}

// The same control if it is still there and usable, else the first usable one
// of its region (a card just discarded, a draw button disabled by the draw).
export function restoreFocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const usable = (node) => node && !node.disabled && !node.hidden;
  const selector = key.selector + (key.from ? `[data-from="${CSS.escape(key.from)}"]` : "");
  const same = [...document.querySelectorAll(selector)];
  let target = same[Math.min(key.nth, same.length - 1)];
  if (!usable(target) && key.region) {
    target = [...document.querySelectorAll(`[data-testid="${key.region}"] button`)].find(usable);
  }
  if (usable(target)) target.focus();
}

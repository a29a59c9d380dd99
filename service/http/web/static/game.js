// The game page (/play/games/{id}#token=…): the reader's hand, the table, every
// seat's count and score, whose turn it is and until when, and the legal
// actions as controls. It follows the game by long-polling /events and reads
// the seat's view again after each change, so the page never reloads.

import { api, cardEl, compareCards, copyText, dropFragment, el, focusKey, fragment, gameEndText, handEndText, keep,
  problemText, restoreFocus, say, sameCards, tickDeadlines, VARIANT_TITLES } from "./common.js";
import { startChat } from "./chat.js";
import { deadwoodOf } from "./deadwood.js";
import { onDrag } from "./drag.js";
import { legalKind, legalText } from "./hints.js";
import { offerRules } from "./rules.js";
import { phaseText } from "./words.js";
import { EDITED, showEditor } from "./editors.js";
import { acesEl, ginMelds, meldEl, ownMelds, piles } from "./table.js";
import { byWild, forgetWild, wildButtons } from "./wilds.js";
import { renderSound, signalTurn } from "./turn.js";

const $ = (id) => document.getElementById(id);
const main = document.querySelector("main");
const message = $("message");
const gameId = decodeURIComponent(location.pathname.split("/")[3] || "");

let token = null; // a seat token, or the player token of the seat's player
let view = null; // the seat's view, or the public table for a reader without a seat
let variant = null; // the variant as GET /variants describes it
let selected = new Set(); // indices into view.hand: cards may repeat with several decks
let target = null; // the meld chosen for a lay-off
let editor = null; // the group editor of an action that is a whole partition (editors.js)
let busy = false; // one action at a time
let lastVersion = 0;
const log = [];

// The controls, in the order they show. `needs`: what the reader selects
// first. A variant's action types without an entry get a plain button.
const CONTROLS = [
  { type: "pickup", label: "Pick up", needs: "nothing" },
  { type: "pass", label: "Pass the upcard", needs: "nothing" },
  { type: "take", label: "Take the exposed card", needs: "take" },
  { type: "play", label: "Play this table", needs: "editor" },
  { type: "decline", label: "Decline it", needs: "nothing" },
  { type: "force", label: "Force the take", needs: "nothing" },
  { type: "allow", label: "Allow the decline", needs: "nothing" },
  { type: "draw", from: "stock", label: "Draw from the stock", needs: "nothing" },
  { type: "draw", from: "discard", label: "Take the discard", needs: "nothing" },
  { type: "draw", label: "Draw", needs: "nothing" },
  { type: "take_pile", label: "Take the pile", needs: "cards" },
  { type: "open", from: "discard", label: "Open with the discard", needs: "opening" },
  { type: "open", label: "Open", needs: "opening" },
  { type: "swap", label: "Swap for the joker", needs: "one" },
  { type: "meld", label: "Meld", needs: "cards" },
  { type: "layoff", label: "Lay off", needs: "cards" },
  { type: "discard", label: "Discard", needs: "one" },
  { type: "knock", label: "Knock", needs: "one" },
  { type: "show", label: "Show my hand", needs: "nothing" },
];

function names() {
  return (view?.seats || []).map((s) => s.name ?? `Seat ${s.seat}`);
}

function isMine() {
  return view && view.seat !== undefined && view.seat !== null;
}

function myTurn() {
  return Boolean(isMine() && view.status === "active" && view.turn && view.turn.seat === view.seat);
}

function legal() {
  return myTurn() ? view.actions || [] : [];
}

// --- reading the game -------------------------------------------------------------

async function load() {
  const path = token ? `/games/${encodeURIComponent(gameId)}/view` : `/games/${encodeURIComponent(gameId)}`;
  const result = await api("GET", path, { token });
  if (result.ok) return result.body;
  if (token && (result.status === 401 || result.status === 403)) {
    say(message, "This browser holds no seat at this game: you see the public table.", "error");
    token = null;
    return load();
  }
  throw new Error(problemText(result));
}

async function refresh() {
  const fresh = await load();
  if (view && fresh.version < view.version) return;
  if (!view || fresh.version !== view.version || fresh.hand_number !== view.hand_number) {
    selected = new Set();
    target = null;
    editor = null;
    forgetWild();
  }
  view = fresh;
  lastVersion = Math.max(lastVersion, view.version);
  render();
}

// The log so far, then every change as it comes: a long-poll answers at the
// next append (or after 25 s with nothing).
async function follow() {
  let after = 0;
  for (;;) {
    const wait = after === 0 ? 0 : 25;
    let result;
    try {
      result = await api("GET", `/games/${encodeURIComponent(gameId)}/events?after=${after}&wait=${wait}`,
        { token });
    } catch {
      await sleep(2000);
      continue;
    }
    if (result.status >= 400 && result.status < 500 && result.status !== 429) {
      return say(message, `${problemText(result)} The page no longer follows the game; reload it to try again.`,
        "error"); // asking again would get the same answer
    }
    if (!result.ok) {
      await sleep(1000 * Number(result.headers.get("Retry-After") || 2)); // busy or restarting: again soon
      continue;
    }
    const events = result.body.events;
    if (events.length) {
      after = events[events.length - 1].version;
      remember(events);
      if (after > (view?.version ?? 0)) await refresh();
    } else if (after === 0) {
      after = result.body.version;
    }
    if (events.some((e) => e.type === "GameEnded") || (view?.status === "finished" && after >= view.version)) {
      render();
      return;
    }
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- the recent moves, told briefly ------------------------------------------------------

const PHRASES = {
  CardPickedUp: (d) => `picks up ${d.card ?? "a card"}`,
  CardDrawn: (d) => `draws ${d.card ?? "a card"}${d.from === "discard" ? " from the discard pile" : ""}`,
  AceRevealed: (d) => `places ${d.card} face up`,
  MeldLaid: (d) => `melds ${d.cards.join(" ")}${d.points !== undefined ? ` for ${d.points}` : ""}`,
  CardsLaidOff: (d) => `lays off ${d.cards.join(" ")} on ${d.meld}`,
  CardDiscarded: (d, n) => (d.to_seat !== undefined && d.to_seat !== null
    ? `passes ${d.card ?? "a card"} to ${n[d.to_seat]}` : `discards ${d.card ?? "a card"}`),
  UpcardPassed: () => "passes the upcard",
  Knocked: (d) => (d.gin ? "goes gin" : `knocks with ${d.deadwood_points} deadwood`),
  HandShown: (d) => `shows the hand, ${d.deadwood_points} deadwood`,
  PileTaken: (d) => `takes the pile with ${d.cards.join(" ")}`,
  StockCardTurned: (d) => `turns ${d.card} from the stock`,
  CardTurnedDown: (d) => `turns ${d.card} down`,
  CardDeclined: (d) => `declines ${d.card}${d.forceable ? " (it fits a meld: force or allow)" : ""}`,
  CardForced: (d) => `forces the take of ${d.card}`,
  ForceWaived: (d) => `allows the decline of ${d.card}`,
  CardLeft: (d) => `leaves ${d.card}`,
  ExposedCardMelded: (d) => `takes ${d.card}: melds ${d.melds.map((m) => m.join(" ")).join(", ")}`,
  TurnEndedEmptyHanded: () => "has an empty hand: the turn ends with no discard",
  TurnTimedOut: () => "runs out of time",
  SeatResigned: () => "resigns",
  TurnExtended: () => "extends the deadline",
};

function tell(event) {
  const d = event.data || {};
  const n = names();
  const phrase = PHRASES[event.type];
  if (phrase && d.seat !== undefined && d.seat !== null) return `${n[d.seat] ?? `Seat ${d.seat}`} ${phrase(d, n)}.`;
  if (event.type === "HandStarted") return `Hand ${d.hand + 1} is dealt.`;
  if (event.type === "HandEnded") return `Hand ${d.hand + 1} is over: ${handEndText(d.reason, view?.variant)}.`;
  if (event.type === "GameEnded") return `The game is over: ${gameEndText(d.reason)}.`;
  return null;
}

let drawsFrom = false; // the variant's draws name their pile (seen in the log): its draw controls do too

function remember(events) {
  for (const event of events) {
    if (event.type === "CardDrawn" && event.data && "from" in event.data) drawsFrom = true;
    // another seat has moved: the turn has been away, so when it is the player's again it has come anew,
    // even if the page never drew a view without it (a quick bot's reply)
    if (view && event.data && "seat" in event.data && event.data.seat !== view.seat) wasMyTurn = false;
    if (event.type === "HandEnded") addReplay(event.data.hand);
    const line = tell(event);
    if (line) log.push({ version: event.version, line });
  }
  log.splice(0, Math.max(0, log.length - 30));
  $("log").replaceChildren(...log.slice().reverse().map((x) => el("li", { dataset: { version: String(x.version) },
    text: x.line })));
}

function addReplay(hand) {
  const href = `/play/games/${encodeURIComponent(gameId)}/hands/${hand}/replay`;
  if ($("replays").querySelector(`a[href="${href}"]`)) return;
  $("replays").append(el("li", {}, el("a", { href, dataset: { hand: String(hand) }, text: `Hand ${hand + 1}` })));
}

// --- drawing the page -----------------------------------------------------------------------

function render() {
  const focused = focusKey();
  main.dataset.version = String(view.version);
  main.dataset.status = view.status;
  main.dataset.myTurn = String(myTurn());
  main.dataset.variant = view.variant;
  if (isMine()) main.dataset.seat = String(view.seat);
  main.setAttribute("aria-busy", "false");
  announceTurn();
  renderStatus();
  renderInvite();
  renderTable();
  renderSeats();
  renderHand();
  renderEditor();
  renderActions();
  restoreFocus(focused);
}

function renderEditor() {
  editor = showEditor($("editor"), editor, view, legal(), renderActions);
}

function renderStatus() {
  const n = names();
  const title = `${VARIANT_TITLES[view.variant] || view.variant}`;
  $("game-title").textContent = view.name || `${title}: ${n.join(", ")}`;
  const parts = [];
  if (view.status === "open") parts.push("Waiting for players to take the open seats.");
  else if (view.status === "finished") {
    const winners = (view.winners || []).map((s) => n[s]);
    parts.push(winners.length ? `Game over: ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`
      : "Game over.");
  } else if (view.turn) {
    const hand = `${title}, hand ${(view.hand_number ?? view.hand) + 1}. `;
    const who = myTurn() ? "Your turn" : `${n[view.turn.seat]}'s turn`;
    parts.push(`${hand}${who}: ${phaseText(view.turn.phase, view.variant)}.`);
  }
  const status = $("status");
  status.replaceChildren(...parts);
  if (view.status === "active" && view.turn?.deadline) {
    status.append(" ", el("span", { class: "deadline", dataset: { deadline: view.turn.deadline } }));
  }
}

function renderInvite() {
  const code = keep.invite(gameId);
  const box = $("invite");
  box.hidden = !(code && view.status === "open");
  if (box.hidden) return;
  const link = `${location.origin}/play/#join=${encodeURIComponent(gameId)}&invite=${encodeURIComponent(code)}`;
  box.replaceChildren("Invite others with this link: ", el("code", { text: link }), " ",
    el("button", { type: "button", class: "secondary", dataset: { copy: "invite" }, onclick: async () => {
      say(message, (await copyText(link)) ? "The invite link is copied." : "Select the link and copy it.");
    } }, "Copy the link"));
}

// --- telling the player it is their turn ------------------------------------------------

let wasMyTurn = false;

// The tab's title says whose turn it is, so a player in another tab sees it;
// when their turn comes while the page is in the background, a notification
// says so too (if they allowed it: the page asks only when they press the button).
function announceTurn() {
  const game = VARIANT_TITLES[view.variant] || view.variant;
  const title = `Iceberg: ${game}`;
  const mine = myTurn();
  document.title = mine ? `● Your turn — ${title}` : title;
  if (mine && !wasMyTurn && document.hidden && notificationsAllowed()) {
    new Notification("Your turn", { body: `${view.name || game}: it is your move.`, tag: `iceberg-${gameId}` });
  }
  signalTurn(mine, mine && !wasMyTurn); // the tab's icon, and the sound if turned on
  wasMyTurn = mine;
  renderNotify();
  renderSound($("sound"), isMine() && view.status !== "finished");
}

function notificationsAllowed() {
  return "Notification" in window && Notification.permission === "granted";
}

function renderNotify() {
  const box = $("notify");
  const askable = isMine() && view.status !== "finished" && "Notification" in window
    && Notification.permission === "default";
  box.hidden = !askable;
  if (box.hidden || box.children.length) return;
  box.append(el("button", { type: "button", class: "secondary", dataset: { notify: "ask" }, onclick: async () => {
    const answer = await Notification.requestPermission();
    say(message, answer === "granted" ? "You will be told when it is your turn while this tab is in the background."
      : "The browser will not show notifications; the tab's title still says when it is your turn.");
    renderNotify();
  } }, "Tell me when it is my turn"));
}

function renderTable() {
  const n = names();
  $("piles").replaceChildren(...piles(view));
  const canChoose = legal().some((a) => a.type === "layoff" || a.type === "swap");
  const table = (view.table || []).map((m) => (Array.isArray(m) ? { cards: m } : m)) // Manipulation's: no ids
    .map((m, i) => (m.id ? m : { ...m, id: `t${i + 1}` }));
  const melds = table.map((m) => meldEl(m, n, {
    choosable: canChoose, chosen: target === m.id,
    onChoose: () => { target = target === m.id ? null : m.id; renderTable(); renderActions(); },
  }));
  const gin = ginMelds(view.knock, view.show, n);
  const aces = (view.seats || []).some((s) => s.aces) ? acesEl(view.seats.map((s) => s.aces || []), n) : [];
  const own = (view.seats || []).some((s) => s.melds) ? ownMelds(view.seats.map((s) => s.melds)) : [];
  $("melds").replaceChildren(...melds, ...(gin.melds || []).map((m) => meldEl(m, n)), ...(gin.notes || []), ...aces,
    ...own.map((m) => meldEl(m, n)));
  if (!$("melds").children.length) $("melds").append(el("p", { class: "empty", text: "No melds on the table yet." }));
}

function renderSeats() {
  const extra = (view.seats || []).some((s) => s.hands_won !== undefined);
  const head = el("tr", {}, ...["Seat", "Cards", "This hand", ...(extra ? ["Hands won"] : []), "Total"]
    .map((text) => el("th", { scope: "col", text })));
  const rows = view.seats.map((s) => el("tr", {
    class: [view.turn?.seat === s.seat && view.status === "active" ? "to-play" : "", s.seat === view.seat ? "me" : ""]
      .join(" ").trim(),
    dataset: { seat: String(s.seat) },
  },
  el("th", { scope: "row" }, s.name ?? "(open)", s.bot ? ` (bot: ${s.bot})` : "",
    s.seat === view.seat ? " (you)" : "", s.waiting ? el("span", { class: "badge", text: "a card waits" }) : null,
    (view.withdrawn || []).includes(s.seat) ? el("span", { class: "badge", text: "withdrawn" }) : null),
  el("td", { dataset: { field: "hand_size" }, text: String(s.hand_size ?? "") }),
  el("td", { dataset: { field: "points" }, text: String(s.points ?? "") }),
  extra ? el("td", { dataset: { field: "hands_won" }, text: String(s.hands_won ?? "") }) : null,
  el("td", { dataset: { field: "total" }, text: String(s.total ?? "") })));
  $("seats").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
}

// --- the hand: sorted by suit or rank, or in the player's own order ------------------------

const SORT_KEY = "iceberg.sort";
let sortBy = ["suit", "rank"].includes(localStorage.getItem(SORT_KEY)) ? localStorage.getItem(SORT_KEY) : "suit";
let ownOrder = null; // the player's order (card codes) once they move a card; null: sorted by `sortBy`

// The indices of view.hand in the order the page shows them. A player's own
// order keeps its cards where they put them; cards new to the hand go last.
function handOrder() {
  const hand = view.hand || [];
  const indices = hand.map((_, i) => i);
  if (!ownOrder) return indices.sort((a, b) => compareCards(hand[a], hand[b], sortBy) || a - b);
  const left = [...indices];
  const shown = [];
  for (const card of ownOrder) {
    const at = left.findIndex((i) => hand[i] === card);
    if (at >= 0) shown.push(...left.splice(at, 1));
  }
  return [...shown, ...left];
}

function moveCard(from, to) { // positions in the shown order
  const order = handOrder().map((i) => view.hand[i]);
  if (to < 0 || to >= order.length || from === to) return;
  const [card] = order.splice(from, 1);
  order.splice(to, 0, card);
  ownOrder = order;
  renderHand();
  document.querySelectorAll("[data-testid=hand] button[data-card]")[to]?.focus();
}

function setSort(by) {
  sortBy = by;
  ownOrder = null;
  localStorage.setItem(SORT_KEY, by);
  renderHand();
}

// A card dragged onto another card's place in the hand moves there.
function draggable(button, position) {
  onDrag(button, (under) => {
    const over = under?.closest("[data-testid=hand] button[data-card]");
    const buttons = [...document.querySelectorAll("[data-testid=hand] button[data-card]")];
    if (over) moveCard(position, buttons.indexOf(over));
  });
}

function renderHand() {
  const region = document.querySelector("[data-testid=hand]");
  if (!isMine()) {
    region.replaceChildren();
    region.hidden = true;
    return;
  }
  region.hidden = false;
  const focused = focusKey();
  const cards = handOrder().map((i, position) => {
    const card = view.hand[i];
    const button = cardEl(card, { button: true });
    button.setAttribute("aria-pressed", String(selected.has(i)));
    button.setAttribute("aria-keyshortcuts", "Shift+ArrowLeft Shift+ArrowRight");
    if (view.taken && card === view.taken) button.classList.add("taken");
    button.addEventListener("click", () => {
      if (selected.has(i)) selected.delete(i);
      else selected.add(i);
      forgetWild();
      button.setAttribute("aria-pressed", String(selected.has(i)));
      renderActions();
    });
    button.addEventListener("keydown", (event) => {
      if (!event.shiftKey || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
      event.preventDefault();
      moveCard(position, position + (event.key === "ArrowLeft" ? -1 : 1));
    });
    draggable(button, position);
    return button;
  });
  const notes = [];
  if (view.passed) notes.push(el("p", { class: "note" }, "You passed ", cardEl(view.passed), "; it waits to be picked up."));
  const sorts = el("div", { class: "sort", role: "group", "aria-label": "Sort the hand" }, "Sort: ",
    ...["suit", "rank"].map((by) => el("button", { type: "button", class: "secondary",
      "aria-pressed": String(!ownOrder && sortBy === by), dataset: { sort: by }, onclick: () => setSort(by) },
    `by ${by}`)));
  const count = deadwoodNote();
  region.replaceChildren(el("h2", { class: "visually-hidden", text: "Your hand" }), sorts, count ?? "",
    el("div", { class: "cards" }, ...cards), ...notes);
  restoreFocus(focused);
}

// Gin: the deadwood of the hand as it stands, counted from the seat's own cards.
function deadwoodNote() {
  if (view.variant !== "gin" || !view.hand?.length) return null;
  const { points, afterDiscard } = deadwoodOf(view.hand);
  return el("p", { class: "deadwood-count", dataset: { deadwood: String(points) } },
    afterDiscard ? `Deadwood after your best discard: ${points}` : `Deadwood: ${points}`);
}

// Whether a listed action is one this control makes: a draw (or Kalooki's
// opening, whose `take_discard` is its draw) from the control's pile.
function fits(action, control) {
  if (action.type !== control.type) return false;
  if (action.type === "open") return Boolean(action.take_discard) === (control.from === "discard");
  return !control.from || action.from === control.from;
}

// The hand cards of Kalooki's opening: its melds' cards but the top discard it takes.
function openingCards(action) {
  const cards = action.melds.flatMap((m) => m.cards);
  const top = action.take_discard ? cards.indexOf(view.pile?.top) : -1;
  if (top >= 0) cards.splice(top, 1);
  return cards;
}

function controlsFor() {
  const types = variant ? variant.actions : [...new Set((view.actions || []).map((a) => a.type))];
  const hasFrom = legal().some((a) => a.from) || view.variant === "gin" || drawsFrom;
  const shown = CONTROLS.filter((c) => types.includes(c.type) && (c.type !== "draw" || Boolean(c.from) === hasFrom));
  for (const type of types) {
    if (!CONTROLS.some((c) => c.type === type)) shown.push({ type, label: type, needs: "nothing" });
  }
  return shown;
}

function renderActions() {
  const region = document.querySelector("[data-testid=actions]");
  if (!isMine()) {
    region.replaceChildren(el("p", { text: "Only the seat's player sees the actions." }));
    return;
  }
  const active = view.status === "active";
  const options = legal();
  const buttons = controlsFor().map((control) => {
    const usable = !busy && options.some((a) => fits(a, control));
    return el("button", { type: "button", class: "action", disabled: !usable,
      dataset: { action: control.type, ...(control.from ? { from: control.from } : {}) },
      onclick: () => act(control) }, control.label);
  });
  const mine = view.turn && view.turn.seat === view.seat && view.turn.deadline;
  const extend = el("button", { type: "button", class: "action secondary", dataset: { action: "extend" },
    disabled: !(active && mine && (view.extensions_left ?? 0) > 0) || busy, onclick: extendDeadline },
  `Extend my deadline (${view.extensions_left ?? 0} left)`);
  const resign = el("button", { type: "button", class: "action danger", dataset: { action: "resign" },
    disabled: !active || busy || (view.withdrawn || []).includes(view.seat), onclick: resignGame }, "Resign");
  const legalNow = markLegal(options);
  const hint = el("p", { class: "hint", text: legalNow ? legalText(legalNow) : hintText(options) });
  const focused = focusKey();
  const wilds = wildButtons((type) => act(CONTROLS.find((c) => c.type === type))) ?? "";
  region.replaceChildren(...buttons, extend, resign, wilds, hint);
  restoreFocus(focused);
}

// The hand says (data-legal, and a green outline) when its selected cards are exactly a listed move.
function markLegal(options) {
  const kind = legalKind(options, selectedCards(), { hand: view.hand || [], opening: openingCards });
  const hand = document.querySelector("[data-testid=hand]");
  if (kind) hand.dataset.legal = kind;
  else delete hand.dataset.legal;
  return kind;
}

function hintText(options) {
  if (view.status !== "active") return view.status === "finished" ? "The game is over." : "";
  if (!myTurn()) return "Waiting for the other players.";
  if (editor) return `${EDITED[editor.kind].title}: arrange the cards in the groups above, then press the action.`;
  if (options.some((a) => ["meld", "layoff", "discard", "knock", "take_pile", "open", "swap"].includes(a.type))) {
    return "Select cards, then choose what to do with them. To lay off, choose a meld on the table too.";
  }
  if (options.some((a) => a.type === "take")) {
    return "To take the exposed card, select the cards of your hand that join it (none to add it to your melds).";
  }
  return "";
}

function selectedCards() {
  return [...selected].sort((a, b) => a - b).map((i) => view.hand[i]);
}

// The legal action that the control and the selection make, or a message
// saying why there is none: the page sends only what the rules allow.
function chosen(control) {
  const options = legal().filter((a) => fits(a, control));
  const cards = selectedCards();
  if (!options.length) return { why: "That is not something you can do now." };
  if (editor && editor.kind === control.type && (editor.from ?? null) === (control.from ?? null)
    && (!editor.pristine || control.needs === "editor")) {
    return EDITED[control.type].action(editor, view); // the partition built in the editor
  }
  if (control.needs === "nothing") return { action: options[0] };
  if (control.needs === "take") return chosenTake(options, cards);
  if (control.needs === "opening") { // the listed opening, or the one of the cards selected
    if (!cards.length) return { action: options[0] };
    const found = options.find((a) => sameCards(openingCards(a), cards));
    return found ? { action: found } : { why: `${cards.join(" ")} is not an opening you can make now.` };
  }
  if (control.needs === "one") {
    if (cards.length !== 1) return { why: `Select exactly one card to ${control.label.toLowerCase()}.` };
    const found = options.find((a) => a.card === cards[0] && (control.type !== "swap" || !target || a.meld === target));
    return found ? { action: found } : { why: `You cannot ${control.label.toLowerCase()} ${cards[0]} now.` };
  }
  if (!cards.length) return { why: `Select the cards to ${control.label.toLowerCase()} first.` };
  let matches = options.filter((a) => sameCards(a.cards || [], cards));
  if (control.type === "layoff" && target) matches = matches.filter((a) => a.meld === target);
  if (control.type === "layoff" && !target && new Set(matches.map((a) => a.meld)).size > 1) {
    return { why: "These cards fit more than one meld: choose the meld on the table." };
  }
  if (matches.length) return byWild(matches, control.type); // a joker's stand-in: the player's choice
  const what = { meld: "a meld", layoff: target ? `a lay-off on ${target}` : "a lay-off",
    take_pile: "a meld with the pile's top card" }[control.type] || control.type;
  return { why: `${cards.join(" ")} is not ${what} you can make now.` };
}

// Conquian: the take whose melds hold exactly the selected hand cards (its canonical split).
function chosenTake(options, cards) {
  const inHand = new Set(view.hand || []);
  const found = options.find((a) => sameCards(a.melds.flat().filter((card) => inHand.has(card)), cards));
  if (found) return { action: found };
  return { why: cards.length ? `${cards.join(" ")} cannot be melded with the exposed card now.`
    : "The exposed card joins none of your melds alone: select the cards of your hand that meld with it." };
}

async function act(control) {
  const { action, why } = chosen(control);
  if (!action) {
    renderActions(); // with the stand-ins to choose from, if that is what is missing
    return say(message, why, "error");
  }
  await send(`/games/${encodeURIComponent(gameId)}/actions`, action);
}

async function send(path, body) {
  const focused = focusKey(); // the control pressed: it is disabled meanwhile, which drops the focus
  busy = true;
  renderActions();
  say(message, "");
  try {
    const result = await api("POST", path, { token, body });
    if (!result.ok) say(message, problemText(result), "error");
    await refresh();
  } catch (error) {
    say(message, `The server could not be reached (${error.message}). Nothing was sent twice; try again.`, "error");
  } finally {
    busy = false;
    renderActions();
    restoreFocus(focused);
  }
}

function extendDeadline() {
  return send(`/games/${encodeURIComponent(gameId)}/extend`, {});
}

let resignArmed = null;
function resignGame(event) {
  if (!resignArmed) {
    event.target.textContent = "Really resign? Click again";
    resignArmed = setTimeout(() => { resignArmed = null; renderActions(); }, 5000);
    return;
  }
  clearTimeout(resignArmed);
  resignArmed = null;
  return send(`/games/${encodeURIComponent(gameId)}/resign`, {});
}

// --- starting ------------------------------------------------------------------------------------

// The token to read the game with: the link's, this game's kept seat token, or
// the kept player token if the player sits here. The player's inbox says which
// (active games first, then finished ones): asking /view with a token that
// holds no seat would be refused, an error the page itself provoked.
async function credentials() {
  const given = fragment().get("token");
  if (given) {
    keep.setSeatToken(gameId, given);
    dropFragment();
    return given;
  }
  const seat = keep.seatToken(gameId);
  if (seat) return seat;
  const player = keep.player()?.token;
  if (player && (await sitsHere(player))) return player;
  if (player) say(message, "This browser holds no seat at this game: you see the public table.");
  return null;
}

async function sitsHere(playerToken) {
  // the player's games come a page at a time: follow the pages (a few, at most)
  for (const status of ["", "finished"]) {
    let cursor = null;
    for (let page = 0; page < 20; page += 1) {
      const query = new URLSearchParams({ limit: "200" });
      if (status) query.set("status", status);
      if (cursor) query.set("cursor", cursor);
      const mine = await api("GET", `/me/games?${query}`, { token: playerToken });
      if (!mine.ok) return false;
      if (mine.body.games.some((game) => game.id === gameId)) return true;
      cursor = mine.body.next_cursor;
      if (!cursor) break;
    }
  }
  return false;
}

async function start() {
  try {
    token = await credentials();
    await refresh();
  } catch (error) {
    main.setAttribute("aria-busy", "false");
    return say(message, error.message, "error");
  }
  const described = await api("GET", "/variants");
  variant = described.ok ? described.body.variants.find((v) => v.name === view.variant) : null;
  offerRules(view.variant);
  render();
  tickDeadlines();
  startChat(gameId, { token: () => token, seated: isMine });
  follow();
}

start();

// The lobby (/play/): register, create a game, join by invite, the listed
// games; and the inbox: my games, my turns first, deadlines counting down.

import { api, el, fragment, keep, problemText, say, tickDeadlines, VARIANT_TITLES } from "./common.js";

const $ = (id) => document.getElementById(id);
const message = $("message");
let variants = [];

function gameLink(id) {
  return `/play/games/${encodeURIComponent(id)}`;
}

function showWho() {
  const player = keep.player();
  $("whoami").replaceChildren();
  if (!player) return;
  $("whoami").append(`Signed in as ${player.name} `,
    el("button", { type: "button", class: "link", onclick: forget, text: "Forget me on this browser" }));
}

function forget() {
  keep.forgetPlayer();
  render();
}

// --- registering ---------------------------------------------------------------

async function register(event) {
  event.preventDefault();
  const form = event.target;
  const body = { name: form.name.value.trim() };
  if (form.email.value.trim()) body.email = form.email.value.trim();
  const result = await api("POST", "/players", { body });
  if (!result.ok) return say(message, problemText(result), "error");
  keep.setPlayer(result.body);
  say(message, `Welcome, ${result.body.name}.`);
  render();
}

// --- creating ------------------------------------------------------------------

function variant() {
  return variants.find((v) => v.name === $("variant").value) || variants[0];
}

function seatRow(kind) {
  const select = el("select", { name: "kind", "aria-label": "Who sits here" },
    el("option", { value: "me", text: "Me" }),
    el("option", { value: "bot", text: "A bot" }),
    el("option", { value: "open", text: "Open: whoever has the invite" }));
  select.value = kind;
  const policy = el("select", { name: "bot", "aria-label": "Bot policy" },
    ...(variant()?.bots || ["greedy", "random"]).map((b) => el("option", { value: b, text: b })));
  policy.value = "greedy";
  const remove = el("button", { type: "button", class: "link", text: "Remove", onclick: (e) => {
    e.target.closest("li").remove();
    checkSeats();
  } });
  const row = el("li", {}, select, policy, remove);
  const sync = () => { policy.hidden = select.value !== "bot"; };
  select.addEventListener("change", sync);
  sync();
  return row;
}

function checkSeats() {
  const v = variant();
  const count = $("seat-list").children.length;
  $("add-seat").disabled = count >= v.players.max;
  for (const button of $("seat-list").querySelectorAll("button")) button.disabled = count <= v.players.min;
}

function ruleField(option) {
  const id = `rule-${option.name}`;
  let input;
  if (option.type === "choice") {
    input = el("select", { id, name: option.name },
      ...option.allowed.map((value) => el("option", { value, text: String(value) })));
    input.value = option.default;
  } else {
    input = el("input", { id, name: option.name, type: "number", min: option.minimum, max: option.maximum,
      placeholder: option.nullable ? "none" : "", value: option.default ?? "" });
  }
  return el("div", { class: "field" }, el("label", { for: id, text: option.name.replaceAll("_", " ") }), input,
    el("small", { text: option.description || "" }));
}

function showVariant() {
  const v = variant();
  $("rule-fields").replaceChildren(...v.options.map(ruleField));
  $("seat-list").replaceChildren(seatRow("me"), seatRow("bot"));
  checkSeats();
}

function rulesOf(form) {
  const rules = {};
  for (const option of variant().options) {
    const raw = form.elements[option.name].value.trim();
    // a choice keeps its value's type: a select gives "1" for the integer choice 1
    if (option.type === "choice") rules[option.name] = option.allowed.find((value) => String(value) === raw) ?? raw;
    else if (raw === "") {
      if (option.nullable) rules[option.name] = null;
    } else rules[option.name] = Number(raw);
  }
  return rules;
}

function seatsOf() {
  return [...$("seat-list").children].map((row) => {
    const kind = row.querySelector("[name=kind]").value;
    if (kind === "me") return { player: "me" };
    if (kind === "open") return { open: true };
    const bot = row.querySelector("[name=bot]").value;
    return { name: `${bot[0].toUpperCase()}${bot.slice(1)} bot`, bot };
  });
}

async function create(event) {
  event.preventDefault();
  const player = keep.player();
  const form = event.target;
  const body = { variant: variant().name, players: seatsOf(), rules: rulesOf(form), listed: form.listed.checked };
  const result = await api("POST", "/games", { token: player.token, body });
  if (!result.ok) return say(message, problemText(result), "error");
  const game = result.body;
  const mine = game.seats.find((s) => s.token);
  if (mine) keep.setSeatToken(game.id, mine.token);
  if (game.invite) keep.setInvite(game.id, game.invite);
  location.assign(gameLink(game.id));
}

// --- joining -------------------------------------------------------------------

function invitation() {
  const params = fragment();
  const id = params.get("join");
  return id ? { id, invite: params.get("invite") } : null;
}

async function join(event) {
  event.preventDefault();
  const { id, invite } = invitation() || {};
  const player = keep.player();
  const body = {};
  if (invite) body.invite = invite;
  if (!player) body.name = event.target.name.value.trim();
  const result = await api("POST", `/games/${encodeURIComponent(id)}/join`, { token: player?.token, body });
  if (!result.ok) return say(message, problemText(result), "error");
  keep.setSeatToken(id, result.body.token);
  location.assign(gameLink(id));
}

function openPasted(event) {
  event.preventDefault();
  const link = event.target.link.value.trim();
  const hash = link.includes("#") ? link.slice(link.indexOf("#")) : `#${link}`;
  location.hash = hash;
  render();
}

function joinListed(game) {
  location.hash = `join=${encodeURIComponent(game.id)}`;
  render();
  $("invited").scrollIntoView();
}

// --- the listed games and the inbox --------------------------------------------

async function showListed() {
  const result = await api("GET", "/lobby?limit=50");
  if (!result.ok) return;
  const items = result.body.games.map((g) => el("li", { dataset: { game: g.id } },
    el("span", { class: "name", text: g.name }), ` ${VARIANT_TITLES[g.variant] || g.variant}, `,
    g.seats.map((s) => s.name ?? "(open)").join(", "),
    el("button", { type: "button", dataset: { action: "join-listed" }, text: "Join",
      onclick: () => joinListed(g) })));
  $("listed-games").replaceChildren(...(items.length ? items : [el("li", { text: "No game is waiting." })]));
}

function inboxRow(g) {
  const state = g.status === "finished" ? "finished"
    : g.status === "open" ? "waiting for players" : g.my_turn ? "your turn" : "their turn";
  return el("li", { class: g.my_turn ? "my-turn" : "",
    dataset: { game: g.id, myTurn: String(g.my_turn), status: g.status } },
    el("a", { href: gameLink(g.id), text: g.name }),
    ` ${VARIANT_TITLES[g.variant] || g.variant} with ${g.players.filter((n) => n).join(", ")}: `,
    el("strong", { text: state }),
    g.deadline && g.status === "active" ? el("span", { class: "deadline", dataset: { deadline: g.deadline } }) : null);
}

let finishedShown = false; // the finished games were shown once already

async function showInbox() {
  const player = keep.player();
  if (!player) {
    $("inbox-summary").textContent = "Register to see your games here.";
    $("my-games").replaceChildren();
    return;
  }
  const [current, finished] = await Promise.all([
    api("GET", "/me/games", { token: player.token }),
    api("GET", "/me/games?status=finished&limit=20", { token: player.token }),
  ]);
  if (!current.ok) return say(message, problemText(current), "error");
  const count = current.body.my_turn_count;
  const ended = finished.ok ? finished.body.games : [];
  // "/me/games" may list a game that has just finished among the current ones: it shows with the finished
  const playing = current.body.games.filter((g) => g.status !== "finished");
  const over = [...ended, ...current.body.games.filter((g) => g.status === "finished" && !ended.some((e) => e.id === g.id))];
  const some = (n, what) => `${n} ${what}${n > 1 ? "s" : ""}`;
  $("inbox-summary").textContent = count ? `${count} game${count > 1 ? "s wait" : " waits"} for your move.`
    : playing.length ? "No game waits for your move."
      : over.length ? `No game in play; ${some(over.length, "finished game")} below.` : "You sit in no game yet.";
  $("my-games").replaceChildren(...playing.map(inboxRow));
  $("finished-games").replaceChildren(...over.map(inboxRow));
  if (!finishedShown && over.length && !playing.length) $("finished").open = true; // once: the player may close it
  finishedShown ||= over.length > 0;
}

// --- the page --------------------------------------------------------------------

function render() {
  const player = keep.player();
  showWho();
  $("register").hidden = Boolean(player);
  $("create").hidden = !player;
  const invited = invitation();
  $("invited").hidden = !invited;
  if (invited) {
    $("invited-what").textContent = `Take a seat in game ${invited.id}.`;
    $("join-name").hidden = Boolean(player);
    $("join-name").querySelector("input").required = !player;
  }
  showInbox();
}

async function start() {
  $("register-form").addEventListener("submit", register);
  $("create-form").addEventListener("submit", create);
  $("join-form").addEventListener("submit", join);
  $("paste-form").addEventListener("submit", openPasted);
  $("add-seat").addEventListener("click", () => {
    $("seat-list").append(seatRow("bot"));
    checkSeats();
  });
  $("variant").addEventListener("change", showVariant);
  const result = await api("GET", "/variants");
  variants = result.ok ? result.body.variants : [];
  variants.sort((a, b) => (a.name === "iceberg" ? -1 : b.name === "iceberg" ? 1 : a.name.localeCompare(b.name)));
  $("variant").replaceChildren(...variants.map((v) => el("option", { value: v.name, text: v.title })));
  showVariant();
  render();
  await showListed();
  tickDeadlines();
  setInterval(() => document.hidden || (showInbox(), showListed()), 15000);
  window.addEventListener("hashchange", render);
  document.querySelector("main").dataset.ready = "true";
}

start();

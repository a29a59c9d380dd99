// What the player's-world pages share (sign-in, profile, leaderboards, history):
// the header's links, the variants' titles from GET /variants, and small
// formatting helpers. Every text a player chose is set with textContent.

import { api, el, keep } from "./common.js";

let described = null;

// GET /variants once per page: [{name, title, ...}]
export async function variants() {
  if (!described) {
    const result = await api("GET", "/variants");
    described = result.ok ? result.body.variants : [];
  }
  return described;
}

export function variantTitle(name) {
  return (described || []).find((v) => v.name === name)?.title || name;
}

// The header's links: the profile of the player this browser keeps, or the
// sign-in page when it keeps none.
export function fillNav() {
  const player = keep.player();
  const profile = document.getElementById("nav-profile");
  const signIn = document.getElementById("nav-sign-in");
  if (profile) {
    profile.hidden = !player;
    if (player) profile.href = `/play/players/${encodeURIComponent(player.id)}`;
  }
  if (signIn) signIn.hidden = Boolean(player);
}

// A <select> of the variants, with an "every variant" choice first when `any` names it.
export async function variantOptions(select, chosen, any = null) {
  const options = any ? [el("option", { value: "", text: any })] : [];
  for (const v of await variants()) options.push(el("option", { value: v.name, text: v.title || v.name }));
  select.replaceChildren(...options);
  select.value = chosen || (any ? "" : select.value);
}

export function profileLink(id, name) {
  if (!id) return el("span", { text: name ?? "open seat" });
  return el("a", { href: `/play/players/${encodeURIComponent(id)}`, text: name ?? id });
}

export function dateText(iso) {
  if (!iso) return "";
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? "" : when.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function number(value, digits = 1) {
  return typeof value === "number" ? value.toFixed(digits) : "—";
}

// The page's query (?variant=…) as it stands, and written back without a reload
// so that the address always names what the page shows.
export function query() {
  return new URLSearchParams(location.search);
}

export function setQuery(params) {
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) kept.set(name, value);
  const search = kept.toString();
  history.replaceState(null, "", location.pathname + (search ? `?${search}` : ""));
}

// The inbox (on the lobby) marks the tab too: its title counts the games that
// wait for the player's move and its icon gets the same dot as a game's, so a
// lobby left open in another tab says when a move is due. It reads the rows
// lobby.js draws (li[data-my-turn]) as they change.
function watchInbox() {
  const list = document.getElementById("my-games");
  const link = document.querySelector("link[rel~='icon']");
  if (!list || !link) return;
  const base = document.title;
  const mark = () => {
    const due = list.querySelectorAll("li[data-my-turn='true']").length;
    document.title = due ? `● Your move in ${due} game${due === 1 ? "" : "s"} — ${base}` : base;
    link.setAttribute("href", due ? "/play/static/icon-turn.svg" : "/play/static/icon.svg");
  };
  new MutationObserver(mark).observe(list, { childList: true, subtree: true, attributes: true });
  mark();
}

fillNav();
watchInbox();

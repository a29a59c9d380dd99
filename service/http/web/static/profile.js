// A player's (or a bot's) public profile (/play/players/{id}): per variant, the
// counted games, wins, rating and place on the leaderboard (GET /players/{id}).

import { api, el, problemText, say } from "./common.js";
import { number, variants, variantTitle } from "./world.js";

const $ = (id) => document.getElementById(id);
const main = document.querySelector("main");
const message = $("message");
const playerId = decodeURIComponent(location.pathname.split("/")[3] || "");

function row(entry) {
  const rating = entry.rating;
  const rank = entry.rank ? el("a", { href: `/play/leaderboard?variant=${encodeURIComponent(entry.variant)}`,
    text: `#${entry.rank}` }) : "not ranked";
  return el("tr", { dataset: { variant: entry.variant } },
    el("th", { scope: "row", text: variantTitle(entry.variant) }),
    el("td", { text: String(entry.games) }),
    el("td", { text: String(entry.wins) }),
    el("td", { text: rating ? number(rating.ordinal, 2) : "unrated" }),
    el("td", { text: rating ? `${number(rating.mu)} ± ${number(rating.sigma)}` : "—" }),
    el("td", {}, rank));
}

async function start() {
  await variants();
  const result = await api("GET", `/players/${encodeURIComponent(playerId)}`);
  main.setAttribute("aria-busy", "false");
  if (!result.ok) {
    return say(message, result.status === 404 ? "There is no such player." : problemText(result), "error");
  }
  const profile = result.body;
  document.title = `Iceberg: ${profile.name}`;
  $("profile-name").textContent = profile.name;
  $("profile-kind").textContent = profile.bot ? `A bot (policy ${profile.bot}).` : "A registered player.";
  main.dataset.player = profile.id;
  $("ratings").tBodies[0].replaceChildren(...profile.variants.map(row));
  $("ratings").hidden = !profile.variants.length;
  $("no-games").hidden = Boolean(profile.variants.length);
  $("their-games").href = `/play/history?player=${encodeURIComponent(profile.id)}`;
}

start();

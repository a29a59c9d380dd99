// Sign in on another device (/play/sign-in): the player asks for a code by
// e-mail, types it in, and this browser keeps the new player token exactly as
// registering does (localStorage `iceberg.player`). The server answers the first
// step the same whatever the address, so the page says "if" too.

import { api, keep, problemText, say } from "./common.js";
import { fillNav } from "./world.js";

const $ = (id) => document.getElementById(id);
const message = $("message");
let email = "";

async function askCode(event) {
  event.preventDefault();
  email = event.target.email.value.trim();
  const result = await api("POST", "/players/sign-in", { body: { email } });
  if (result.status !== 202) return say(message, problemText(result), "error");
  say(message, `If ${email} is registered, a code is on its way to it. Type it in below.`);
  $("confirm").hidden = false;
  $("confirm-form").code.focus();
}

async function confirmCode(event) {
  event.preventDefault();
  const code = event.target.code.value.trim();
  if (!/^[0-9]{8}$/.test(code)) return say(message, "The code has 8 digits.", "error");
  const result = await api("POST", "/players/sign-in/confirm", { body: { email, code } });
  if (!result.ok) {
    return say(message, result.status === 401 ? "That code is wrong, used or expired: ask for a new one."
      : problemText(result), "error");
  }
  const token = result.body.token;
  const me = await api("GET", "/me", { token });
  if (!me.ok) return say(message, problemText(me), "error");
  keep.setPlayer({ id: me.body.id, name: me.body.name, token });
  signedIn();
}

function signedIn() {
  const player = keep.player();
  $("ask").hidden = Boolean(player);
  $("confirm").hidden = true;
  const box = $("signed-in");
  box.hidden = !player;
  fillNav();
  if (!player) return;
  say(message, `Signed in as ${player.name}.`);
  box.replaceChildren(`This browser acts for ${player.name}. `);
  box.append(Object.assign(document.createElement("a"), { href: "/play/", textContent: "Go to your games" }));
}

$("ask-form").addEventListener("submit", askCode);
$("confirm-form").addEventListener("submit", confirmCode);
if (keep.player()) signedIn();

// The chat at the table (game page, `data-testid="chat"`): everyone reads it
// (GET /games/{id}/messages, asked again every few seconds while the tab is
// visible, and at once after one's own message); a seated reader says something
// with the seat's token (POST /games/{id}/messages). Text is set with
// textContent only: a message is never parsed as HTML.

import { api, el, problemText, say } from "./common.js";

const EVERY_MS = 4000;
let last = 0;
let reading = false;

function line(message) {
  return el("li", { dataset: { message: String(message.id), seat: String(message.seat) } },
    el("span", { class: "who", text: `${message.name ?? `Seat ${message.seat}`}: ` }),
    el("span", { class: "said", text: message.text }));
}

async function read(gameId) {
  if (reading) return;
  reading = true;
  try {
    const result = await api("GET", `/games/${encodeURIComponent(gameId)}/messages?after=${last}&limit=500`);
    if (!result.ok) return;
    const list = document.getElementById("chat-lines");
    list.append(...result.body.messages.map(line));
    last = Math.max(last, result.body.last ?? last);
    document.getElementById("chat-none").hidden = list.children.length > 0;
    list.scrollTop = list.scrollHeight;
  } catch {
    // the network hiccupped: the next round reads what was missed
  } finally {
    reading = false;
  }
}

// gameId; token(): the token the page acts with (null without a seat);
// seated(): whether the reader sits at the table.
export function startChat(gameId, { token, seated }) {
  const form = document.getElementById("chat-form");
  const message = document.getElementById("message");
  form.hidden = !seated();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = form.text.value.trim();
    if (!text) return;
    const result = await api("POST", `/games/${encodeURIComponent(gameId)}/messages`,
      { token: token(), body: { text } });
    if (!result.ok) return say(message, problemText(result), "error");
    form.text.value = "";
    await read(gameId);
  });
  read(gameId);
  setInterval(() => {
    form.hidden = !seated();
    if (!document.hidden) read(gameId);
  }, EVERY_MS);
}

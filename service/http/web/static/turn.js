// Telling a player in another tab that it is their turn, besides the title and
// the notification (game.js): the tab's icon gets a yellow dot, and, if they
// turned it on, a short sound made with WebAudio (no file to fetch) plays when
// the turn comes while the page is in the background. The sound is off until
// the player turns it on; the choice is kept in localStorage (`iceberg.sound`).

import { el } from "./common.js";

const SOUND_KEY = "iceberg.sound";
const ICON = "/play/static/icon.svg";
const TURN_ICON = "/play/static/icon-turn.svg";
let audio = null; // made on a press: browsers let a page play sound only after one

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

// The AudioContext, made (or woken) during a press of the player's: one made
// later, in the background, would stay silent.
function unlock() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context || !soundOn()) return;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
}

// Two short tones, quiet: a chime, not an alarm.
export function chime() {
  if (!audio) return false;
  const now = audio.currentTime;
  [[660, 0], [880, 0.16]].forEach(([pitch, start]) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.0001, now + start);
    volume.gain.exponentialRampToValueAtTime(0.2, now + start + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, now + start + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(now + start);
    tone.stop(now + start + 0.32);
  });
  return true;
}

function setIcon(href) {
  const link = document.querySelector("link[rel~='icon']");
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

// mine: it is the seat's turn now; came: it has just become so.
export function signalTurn(mine, came) {
  setIcon(mine ? TURN_ICON : ICON);
  document.documentElement.dataset.turnIcon = mine ? "turn" : "idle";
  if (mine && came && document.hidden && soundOn()) chime();
}

// The toggle (`#sound button[data-sound]`), shown to a seated player only.
export function renderSound(box, seated) {
  box.hidden = !seated;
  if (!seated) return;
  const on = soundOn();
  if (box.querySelector(`button[data-sound="${on ? "on" : "off"}"]`)) return; // drawn as it stands
  const button = el("button", { type: "button", class: "secondary", "aria-pressed": String(on),
    dataset: { sound: on ? "on" : "off" }, text: on ? "Sound on my turn: on" : "Sound on my turn: off",
    onclick: () => {
      localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
      unlock();
      renderSound(box, seated);
      box.querySelector("button").focus();
    } });
  box.replaceChildren(button);
}

// Any press on the page wakes the sound a kept "on" asks for.
document.addEventListener("pointerdown", unlock, { capture: true });
document.addEventListener("keydown", unlock, { capture: true });

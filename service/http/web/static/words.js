// Every status, phase, reason and problem code the pages show, worded for a
// person: one table (words.json), the shared words and, under `variants`, the
// words a variant says its own way. tests/test_words.py checks that the table
// covers every problem code, every phase and every end reason the server can
// send, so a page never has to show a bare code. An unknown one (a server newer
// than the page) still reads as a sentence.

import WORDS from "./words.json" with { type: "json" };

function worded(kind, code, variant) {
  const own = variant ? WORDS.variants[variant]?.[kind]?.[code] : undefined;
  return own ?? WORDS[kind][code];
}

export const VARIANT_TITLES = WORDS.titles;

export function titleOf(variant) {
  return WORDS.titles[variant] || variant;
}

// Why a game ended (GameEnded.reason).
export function gameEndText(reason) {
  return worded("game_end", reason) || "it has ended";
}

// Why a hand ended (HandEnded.reason), in the variant's words where it has its own.
export function handEndText(reason, variant = null) {
  return worded("hand_end", reason, variant) || "it has ended";
}

// What the seat whose turn it is must do (turn.phase).
export function phaseText(phase, variant = null) {
  return worded("phases", phase, variant) || "their move";
}

// A game's status (open, active, finished).
export function statusText(status) {
  return WORDS.status[status] || status;
}

// A refused request in words: the problem's `detail` (the rules' own words),
// else the table's words for its `code`, else its `title`; never the code alone.
export function problemWords(body, status) {
  return body?.detail || WORDS.problems[body?.code] || body?.title || `The server answered ${status}.`;
}

// A hand result's field (HandEnded.results: `cards_left`, `total`, …) as a column heading.
export function fieldText(field, variant = null) {
  return worded("result_fields", field, variant) || field.replaceAll("_", " ");
}

// A result's value: a number as it is, yes or no for a flag.
export function valueText(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value ?? "");
}

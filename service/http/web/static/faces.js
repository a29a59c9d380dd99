// Card faces, drawn here as inline SVG: no image files, no build step, no
// other host (the pages' CSP allows inline SVG elements made by script). The
// deck is this project's own (MIT, like the rest of it; docs/web.md "Card
// faces"): a white card, the rank and a small suit in two corners, a large
// suit in the middle (a framed letter on the jack, queen and king), red hearts
// and diamonds, and a joker with a star. The faces are drawn, so they are
// hidden from assistive technology; the card's button or image carries its
// name ("7 of hearts").

const NS = "http://www.w3.org/2000/svg";

// Each suit's outline in a 100 x 100 box (every sub-path counter-clockwise, so
// overlapping parts fill as one shape).
const SUIT_PATHS = {
  H: "M50 90 C20 64 4 48 4 29 C4 14 15 5 28 5 C38 5 46 11 50 19 C54 11 62 5 72 5 C85 5 96 14 96 29 "
    + "C96 48 80 64 50 90 Z",
  D: "M50 2 L10 50 L50 98 L90 50 Z",
  S: "M50 4 C38 22 6 40 6 60 C6 74 17 82 28 82 C37 82 44 77 47 71 C46 82 42 90 34 96 L66 96 C58 90 54 82 "
    + "53 71 C56 77 63 82 72 82 C83 82 94 74 94 60 C94 40 62 22 50 4 Z",
  C: "M32 26 a18 18 0 1 0 36 0 a18 18 0 1 0 -36 0 Z M10 60 a18 18 0 1 0 36 0 a18 18 0 1 0 -36 0 Z "
    + "M54 60 a18 18 0 1 0 36 0 a18 18 0 1 0 -36 0 Z M44 50 L40 96 L60 96 L56 50 Z",
};
const STAR = "M50 4 L61 38 L97 38 L68 59 L79 94 L50 73 L21 94 L32 59 L3 38 L39 38 Z";
const RED = "#b3261e";
const BLACK = "#1d1d1f";
const PICTURES = new Set(["J", "Q", "K"]);

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

// A suit's outline, `size` wide, its top left corner at (x, y).
function suit(code, x, y, size, fill) {
  return svg("path", { d: SUIT_PATHS[code], fill, transform: `translate(${x} ${y}) scale(${size / 100})` });
}

function corner(rank, code, fill) {
  return svg("g", {}, svg("text", { x: 8, y: 16, "text-anchor": "middle", "font-size": rank === "10" ? 13 : 16,
    "font-weight": 700, "font-family": "system-ui, sans-serif", fill, "letter-spacing": rank === "10" ? -1.5 : 0 },
  rank), suit(code, 3, 19, 10, fill));
}

function centre(rank, code, fill) {
  if (!PICTURES.has(rank)) return [suit(code, 18, 28, 28, fill)];
  return [svg("rect", { x: 17, y: 20, width: 30, height: 44, rx: 2, fill: "none", stroke: fill, "stroke-width": 1 }),
    svg("text", { x: 32, y: 46, "text-anchor": "middle", "font-size": 20, "font-weight": 700,
      "font-family": "Georgia, serif", fill }, rank),
    suit(code, 25, 49, 14, fill)];
}

// The face of `card` ("7H", "10S", "JK") as an <svg> element, 60 x 84 units.
export function faceOf(card) {
  const root = svg("svg", { viewBox: "0 0 60 84", class: "face", "aria-hidden": "true", focusable: "false" });
  root.append(svg("rect", { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, fill: "#fff", stroke: "#9aa29d" }));
  if (card === "JK") {
    root.append(svg("path", { d: STAR, fill: RED, transform: "translate(12 22) scale(0.36)" }),
      svg("text", { x: 30, y: 74, "text-anchor": "middle", "font-size": 9, "font-weight": 700,
        "font-family": "system-ui, sans-serif", fill: BLACK, "letter-spacing": 1 }, "JOKER"));
    return root;
  }
  const rank = card.slice(0, -1);
  const code = card.slice(-1);
  const fill = code === "H" || code === "D" ? RED : BLACK;
  const turned = corner(rank, code, fill);
  turned.setAttribute("transform", "rotate(180 30 42)");
  root.append(corner(rank, code, fill), ...centre(rank, code, fill), turned);
  return root;
}

// Dragging a card with the pointer (mouse, pen or finger): `dropped(element)` is
// told what lies under the pointer where it lets go. A press that does not move
// stays a click, and a drag the browser took for a scroll (pointercancel) drops
// nothing. The hand's reordering and the group editor both use it.

const THRESHOLD_PX = 8; // a press that moves less than this is a click

export function onDrag(button, dropped) {
  button.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) return;
    let dragging = false;
    const moved = (event) => {
      if (!dragging && Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) > THRESHOLD_PX) {
        dragging = true;
        button.classList.add("dragging");
      }
    };
    const up = (event) => {
      window.removeEventListener("pointermove", moved);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      button.classList.remove("dragging");
      if (!dragging || event.type === "pointercancel") return;
      // the click that ends a drag is not a selection
      button.addEventListener("click", (click) => click.stopImmediatePropagation(), { capture: true, once: true });
      dropped(document.elementFromPoint(event.clientX, event.clientY));
    };
    window.addEventListener("pointermove", moved);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  });
}

/**
 * Whether the last press on the page was a finger's or a pen's (a touch screen), not a key's or a mouse's.
 * When a control goes away with the focus (Stop turning into Send, a row giving way to a new branch),
 * the keyboard's and the mouse's focus is moved on to where the next action is; a finger's is not, since
 * focusing a text field would open a phone's on-screen keyboard.
 */
let lastPointer = "";

// Listening from the first import: the press that decides came before any handler could ask.
if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", (event) => (lastPointer = event.pointerType), {
    capture: true,
    passive: true,
  });
  window.addEventListener("keydown", () => (lastPointer = ""), { capture: true, passive: true });
}

export function pressedWithFinger(): boolean {
  return lastPointer === "touch" || lastPointer === "pen";
}

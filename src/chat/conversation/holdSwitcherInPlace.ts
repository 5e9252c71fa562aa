/**
 * A version switch with the pointer, in a message whose start is above the view (the reader
 * scrolled through a long answer to its switcher, below it), keeps the switcher where it was on
 * the screen: the other version's answer is taller or shorter, and the versions after it come or
 * go, so the list around it changes height. Without this the switcher would leave the view
 * (above a shorter version), and the reader would have to look for it to compare the versions.
 * A message whose start is in view stays where it is, its question with it, as the list keeps it.
 * The rows are measured over the next frames: the place is kept until they settle, or until the
 * reader scrolls.
 */

/** How long the switcher is held in place once the other version is shown, while its rows are laid out. */
const HOLD_MS = 600;
/** The longest wait for the other version to be read back. */
const WAIT_MS = 5000;

export function holdSwitcherInPlace(switcher: Element): void {
  const scroller = switcher.closest<HTMLElement>("[role='log']");
  const rowElement = switcher.closest<HTMLElement>("[data-index]");
  const row = rowElement?.dataset.index;
  if (!scroller || !rowElement || row === undefined) return;
  const topInView = (element: Element) => element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  if (topInView(rowElement) >= 0) return;
  const wanted = topInView(switcher);
  let until = performance.now() + WAIT_MS;
  let arrived = false;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ["wheel", "touchstart", "keydown"]) scroller.removeEventListener(type, stop);
  };
  for (const type of ["wheel", "touchstart", "keydown"]) scroller.addEventListener(type, stop, { passive: true });
  const keep = () => {
    // The switcher of the version now shown: the same row's, a new element once the branch is read back.
    const shown = scroller.querySelector(`[data-index="${row}"] [role="group"]`);
    if (shown && shown !== switcher && !arrived) {
      arrived = true;
      until = performance.now() + HOLD_MS;
    }
    if (shown) {
      const off = topInView(shown) - wanted;
      if (Math.abs(off) >= 1) scroller.scrollTop += off;
    }
    if (performance.now() < until) frame = requestAnimationFrame(keep);
    else stop();
  };
  frame = requestAnimationFrame(keep);
}

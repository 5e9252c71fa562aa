/**
 * A version switch with the pointer keeps the switcher where it was on the screen: the other
 * version's answer is taller or shorter, and the versions after it come or go, so the list
 * around it changes height. Without this the reader would have to look for the switcher again
 * (scrolled out of view above a shorter version, or pushed far down by a longer one) to compare
 * the versions back and forth. The rows are measured over the next frames: the place is kept
 * until they settle, or until the reader scrolls.
 */

/** How long the switcher is held in place once the other version is shown, while its rows are laid out. */
const HOLD_MS = 600;
/** The longest wait for the other version to be read back. */
const WAIT_MS = 5000;

export function holdSwitcherInPlace(switcher: Element): void {
  const scroller = switcher.closest<HTMLElement>("[role='log']");
  const row = switcher.closest<HTMLElement>("[data-index]")?.dataset.index;
  if (!scroller || row === undefined) return;
  const topInView = (element: Element) => element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
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

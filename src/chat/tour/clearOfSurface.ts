import type { Step } from "react-joyride";

type Middleware = NonNullable<NonNullable<Step["floatingOptions"]>["middleware"]>[number];

/**
 * Set on the tooltip while it is moved off its target: its arrow would point at the surface, not at
 * the target, so it is hidden then (QuickStartTour's styles).
 */
export const OFF_TARGET_ATTRIBUTE = "data-tour-off-target";

/** Room between the tooltip (its arrow included) and the surface it keeps clear of, and from the window's edges. */
const GAP = 20;
const EDGE = 10;

/**
 * Positioning middleware for a step whose target sits inside a surface the step explains (the
 * Quick Start entry inside the account popover): where the tooltip, placed beside its target,
 * would cover part of the surface — on a phone there is no room beside it — it moves above the
 * surface, or below it, whichever fits the window (without its arrow, which would point at the
 * surface); otherwise it stays where it was placed.
 */
export function clearOfSurface(selector: string): Middleware {
  return {
    name: "clearOfSurface",
    fn({ x, y, rects, elements }) {
      const surface = document.querySelector(selector);
      if (!surface) return {};
      // The tooltip's coordinates are its offset parent's; the surface's box is the window's.
      const seen = elements.reference.getBoundingClientRect();
      const dx = rects.reference.x - seen.left;
      const dy = rects.reference.y - seen.top;
      const box = surface.getBoundingClientRect();
      const [top, bottom, left, right] = [box.top + dy, box.bottom + dy, box.left + dx, box.right + dx];
      const { width, height } = rects.floating;
      const covers = x < right && x + width > left && y < bottom && y + height > top;
      let moved: { y?: number } = {};
      if (covers) {
        const above = top - GAP - height;
        const below = bottom + GAP;
        if (above >= dy + EDGE) moved = { y: above };
        else if (below + height <= dy + window.innerHeight - EDGE) moved = { y: below };
      }
      elements.floating.toggleAttribute(OFF_TARGET_ATTRIBUTE, moved.y !== undefined);
      return moved;
    },
  };
}

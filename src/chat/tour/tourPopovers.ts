import { tourStore } from "./tourStore";

/**
 * Steps 8 and 11 of the tour show surfaces that open on a click (the
 * conversation popover, the account popover). The tour opens them the way a
 * user would, by clicking their trigger, and closes them once no step needs them.
 */
const TOUR_POPOVERS = {
  conversation: {
    trigger: '[data-tour="chat-section"] .conversation-options',
    surface: '[data-tour="conversation-popover"]',
  },
  account: { trigger: '[data-tour="account-name"]', surface: '[data-tour="account-popover"]' },
} as const;

export type TourPopover = keyof typeof TOUR_POPOVERS;

/** How long a surface may take to load and appear; a step without one is skipped as 'Target not mounted'. */
export const APPEAR_TIMEOUT_MS = 1500;
export const POLL_MS = 50;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the element is there and has stopped moving or growing (the spotlight is
 * measured after that), or after 1.5 s.
 */
export async function settled(selector: string): Promise<void> {
  let previous = "";
  for (let waited = 0; waited < APPEAR_TIMEOUT_MS; waited += POLL_MS) {
    const element = document.querySelector(selector);
    if (element) {
      const { top, left, width, height } = element.getBoundingClientRect();
      const box = `${top},${left},${width},${height}`;
      if (box === previous && width > 0) return;
      previous = box;
    }
    await pause(POLL_MS);
  }
}

export async function openTourPopover(name: TourPopover): Promise<void> {
  const { trigger, surface } = TOUR_POPOVERS[name];
  // The engine may still prepare the next step of a tour that has just been closed: no popover then.
  if (!tourStore.getState().run) return;
  if (!document.querySelector(surface)) document.querySelector<HTMLElement>(trigger)?.click();
  await settled(surface);
}

/** Closes the tour's popovers but `keep`, as a click outside would (on the popover's invisible backdrop). */
export function closeTourPopovers(keep?: TourPopover): void {
  for (const [name, { surface }] of Object.entries(TOUR_POPOVERS)) {
    if (name === keep) continue;
    const backdrop = document
      .querySelector(surface)
      ?.closest(".MuiModal-root")
      ?.querySelector<HTMLElement>(".MuiBackdrop-root");
    backdrop?.click();
  }
}

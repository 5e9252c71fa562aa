import { tourStore } from "./tourStore";

/** The account button (its popover holds the Quick Start entry), open or compact navigation. */
const ACCOUNT_BUTTON = '[data-tour="account-name"]';
/** Below lg with the navigation drawer closed: the header's button that opens it. */
const OPEN_NAVIGATION_BUTTON = "header button[aria-controls]";

/**
 * When the tour ends (finished, closed or Escape), the focus goes back to where the tour
 * was started from: the account button, or the button that opens the navigation drawer when
 * the drawer is closed. Two frames later, after the tour's popovers have closed and the
 * engine and the popovers have put the focus back where they found it.
 */
export function returnFocusAfterTour(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (tourStore.getState().run) return;
      // Below lg a closed drawer is unmounted: no account button then.
      const target =
        document.querySelector<HTMLElement>(ACCOUNT_BUTTON) ??
        document.querySelector<HTMLElement>(OPEN_NAVIGATION_BUTTON);
      target?.focus();
    }),
  );
}

import { CHATS_TAB } from "./showChatsTab";

/**
 * What stays clickable in the side navigation during the tour: what the steps
 * invite the user to try, and the Chats tab (the tour opens it for its steps).
 */
const ALLOWED_DURING_TOUR = `.conversation-options, [data-tour="account-name"], ${CHATS_TAB}`;
const CLICKABLE = "button, a, [role='tab'], [role='button']";

/**
 * Spec §2: navigation is disabled while the tour runs. Clicks on the side
 * navigation's buttons and links are stopped before React sees them (a
 * capturing listener on the document), except the ones the tour invites.
 * Returns the function that lifts the block.
 */
export function blockNavigation(): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest(CLICKABLE);
    if (!control?.closest("nav") || control.closest(ALLOWED_DURING_TOUR)) return;
    event.preventDefault();
    event.stopPropagation();
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}

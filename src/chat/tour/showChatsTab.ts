/** The navigation's Chats tab (its id ends with the tab's key). */
export const CHATS_TAB = 'nav [role="tab"][id$="-chats"]';

/**
 * The conversation steps need the Chats tab: when the user left the navigation
 * on the Agents tab, the tour switches back, as a click on the tab would.
 */
export async function showChatsTab(): Promise<void> {
  const tab = document.querySelector<HTMLElement>(`${CHATS_TAB}[aria-selected="false"]`);
  if (!tab) return;
  tab.click();
  // One frame for React to render the Chats tab before the engine looks for its target.
  await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
}

import { lazyNamed } from "../../app/lazy/lazyNamed";

/**
 * The navigation's Agents tab (agent lists, personal agents): it opens on the Chats tab, so this
 * loads when first shown, or before, when the pointer or focus reaches the Agents tab or the
 * mini navigation's Agents button.
 */
export const AgentsTab = lazyNamed(() => import("./AgentsTab"), "AgentsTab");

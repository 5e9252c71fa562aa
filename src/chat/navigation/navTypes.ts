/** Spec §2 chat side navigation: the two tabs. */
export type NavTab = "chats" | "agents";

/** Spec §2/§9: navigation widths. */
export const NAV_WIDTH_OPEN = 280;
export const NAV_WIDTH_MINI = 80;

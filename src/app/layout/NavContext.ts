import { createContext } from "react";

/** Spec §3 "Navigation context": the mobile drawer's open flag and the mini-nav flag. */
export interface NavContextValue {
  mobileOpen: boolean;
  openMobile(): void;
  closeMobile(): void;
  /**
   * Closes the drawer after a choice made in it (a conversation, New Chat, an agent): the focus is then the
   * choice's to place, instead of going back to the button that opened the drawer.
   */
  closeMobileAfterChoice(): void;
  /** Whether closing the drawer gives the focus back to what opened it (not after a choice). */
  mobileRestoresFocus: boolean;
  mini: boolean;
  toggleMini(): void;
  /** Desktop layout (spec §9: the desktop breakpoint is lg). */
  isDesktop: boolean;
}

export const NavContext = createContext<NavContextValue | null>(null);

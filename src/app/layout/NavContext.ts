import { createContext } from "react";

/** Spec §3 "Navigation context": the mobile drawer's open flag and the mini-nav flag. */
export interface NavContextValue {
  mobileOpen: boolean;
  openMobile(): void;
  closeMobile(): void;
  mini: boolean;
  toggleMini(): void;
  /** Desktop layout (spec §9: the desktop breakpoint is lg). */
  isDesktop: boolean;
}

export const NavContext = createContext<NavContextValue | null>(null);

import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { type ReactNode, useMemo, useState } from "react";
import { NavContext, type NavContextValue } from "./NavContext";

/**
 * Holds the side navigation's state. Spec §3: the mini flag starts true;
 * spec §4: the mobile drawer is forced closed whenever the lg match changes.
 */
export function NavProvider({ children }: { children: ReactNode }) {
  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up("lg"), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileRestoresFocus, setMobileRestoresFocus] = useState(true);
  const [mini, setMini] = useState(true);
  const [breakpointSeen, setBreakpointSeen] = useState(isDesktop);

  // Adjusting state while rendering (React's pattern for "reset on prop change").
  if (breakpointSeen !== isDesktop) {
    setBreakpointSeen(isDesktop);
    setMobileOpen(false);
  }

  const value = useMemo<NavContextValue>(
    () => ({
      mobileOpen,
      openMobile: () => {
        setMobileRestoresFocus(true);
        setMobileOpen(true);
      },
      closeMobile: () => setMobileOpen(false),
      closeMobileAfterChoice: () => {
        setMobileRestoresFocus(false);
        setMobileOpen(false);
      },
      mobileRestoresFocus,
      mini,
      toggleMini: () => setMini((current) => !current),
      isDesktop,
    }),
    [mobileOpen, mobileRestoresFocus, mini, isDesktop],
  );
  return <NavContext.Provider value={value}>{children}</NavContext.Provider>;
}

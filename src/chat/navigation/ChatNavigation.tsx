import Box from "@mui/material/Box";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavContext } from "../../app/layout/useNavContext";
import { LazyDrawer } from "../../app/lazy/LazyDrawer";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";
import { whenIdle } from "../../app/lazy/whenIdle";
import { useTourModalProps } from "../tour/useTourModalProps";
import { NavRail } from "./NavRail";
import { NAV_WIDTH_MINI, NAV_WIDTH_OPEN, type NavTab } from "./navTypes";
import { useConversationUrlSync } from "./useConversationUrlSync";

// The open panel (conversation list, search, agents) is not part of the first load: the desktop
// navigation starts mini and the phone's drawer closed, so the first paint never shows it. It is
// fetched once the page is idle (with the phone's drawer), so that opening the navigation does not wait.
const NavPanel = lazyNamed(() => import("./NavPanel"), "NavPanel");

export interface ChatNavigationProps {
  id: string;
  publicMode: boolean;
  /** Where 'New Chat' leads: /chat, or the public chat's own page. */
  homePath: string;
  showAccount: boolean;
}

/**
 * The chat side navigation (spec §2): on desktop a fixed column, 280 px open
 * or 80 px mini; below lg a temporary drawer, loaded when first opened. The open
 * panel is fetched when the page is idle, or at the latest when first shown.
 */
export function ChatNavigation({ id, publicMode, homePath, showAccount }: ChatNavigationProps) {
  const { t } = useTranslation();
  const { isDesktop, mini, toggleMini, mobileOpen, closeMobile, mobileRestoresFocus } = useNavContext();
  const [tab, setTab] = useState<NavTab>("chats");
  // Below lg the tour opens this drawer for its navigation steps: the keyboard stays in the tour's tooltip meanwhile.
  const tourModalProps = useTourModalProps();
  useConversationUrlSync();
  useEffect(
    () =>
      whenIdle(() => {
        void NavPanel.preload();
        if (!isDesktop) void LazyDrawer.preload();
      }),
    [isDesktop],
  );
  // Expanding or collapsing the desktop navigation swaps the rail and the panel: the button that had
  // the focus leaves the page, and the focus goes to what replaced it (the tab shown, or Expand).
  const navRef = useRef<HTMLElement>(null);
  const focusInside = useRef(false);
  const placeLostFocus = useCallback(() => {
    const active = document.activeElement;
    if (!focusInside.current || (active !== null && active !== document.body)) return;
    const nav = navRef.current;
    const target = nav?.querySelector("[data-nav-panel]")
      ? nav.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
      : nav?.querySelector<HTMLElement>("button");
    target?.focus();
  }, []);
  const panel = (
    <NavPanel
      tab={tab}
      onTabChange={setTab}
      publicMode={publicMode}
      homePath={homePath}
      showAccount={showAccount}
      onShown={placeLostFocus}
    />
  );
  const surface = { bgcolor: "menu.main", color: "menu.textPrimary" } as const;

  if (!isDesktop) {
    return (
      <MountOnceOpened open={mobileOpen}>
        <LazyDrawer
          open={mobileOpen}
          onClose={closeMobile}
          ModalProps={mobileRestoresFocus ? tourModalProps : { ...tourModalProps, disableRestoreFocus: true }}
          slotProps={{ paper: { "aria-label": t("nav.label"), sx: { width: NAV_WIDTH_OPEN, border: 0, ...surface } } }}
        >
          <Box component="nav" id={id} aria-label={t("nav.label")} sx={{ height: "100%" }}>
            {panel}
          </Box>
        </LazyDrawer>
      </MountOnceOpened>
    );
  }

  const width = mini ? NAV_WIDTH_MINI : NAV_WIDTH_OPEN;
  return (
    <Box
      component="nav"
      ref={navRef}
      id={id}
      aria-label={t("nav.label")}
      onFocus={() => (focusInside.current = true)}
      // A button removed while focused blurs towards nothing: the focus is still the navigation's to place.
      onBlur={(event) => {
        if (event.relatedTarget && !navRef.current?.contains(event.relatedTarget)) focusInside.current = false;
      }}
      sx={{
        width,
        flexShrink: 0,
        position: "sticky",
        top: 0,
        height: "100dvh",
        transition: (theme) => theme.transitions.create("width", { duration: theme.transitions.duration.shorter }),
        overflow: "hidden",
        ...surface,
      }}
    >
      {mini ? (
        <NavRail
          publicMode={publicMode}
          homePath={homePath}
          showAccount={showAccount}
          onOpenTab={(next) => {
            setTab(next);
            toggleMini();
          }}
          onShown={placeLostFocus}
        />
      ) : (
        <Suspense fallback={null}>{panel}</Suspense>
      )}
    </Box>
  );
}

import Box from "@mui/material/Box";
import { useId } from "react";
import { Outlet, useParams } from "react-router-dom";
import { authStore, selectIsAuthenticated } from "../app/auth/authStore";
import { Footer } from "../app/layout/Footer";
import { MobileHeader } from "../app/layout/MobileHeader";
import { NavProvider } from "../app/layout/NavProvider";
import { ShellDrawers } from "../app/layout/ShellDrawers";
import { MAIN_CONTENT_ID, SkipLink } from "../app/layout/SkipLink";
import { useNavContext } from "../app/layout/useNavContext";
import { paths } from "../app/routes/paths";
import { useStore } from "../app/store/useStore";
import { GuidelinesConsentDialog } from "./guidelines/GuidelinesConsentDialog";
import { ChatNavigation } from "./navigation/ChatNavigation";
import { QuickStartTourHost } from "./tour/QuickStartTourHost";

export interface ChatLayoutProps {
  /** Spec §2: /public-chat/... is public mode (no Agents tab, no token regeneration). */
  publicMode?: boolean;
}

function ChatFrame({ publicMode }: Required<ChatLayoutProps>) {
  const navId = useId();
  const { isDesktop } = useNavContext();
  const { publicChatEndpoint, popup } = useParams();
  const authenticated = useStore(authStore, selectIsAuthenticated);
  // Spec §2: a public chat opened as a popup ('true') has no side navigation.
  const showNavigation = !(publicMode && popup === "true");
  const homePath =
    publicMode && publicChatEndpoint ? `/public-chat/${encodeURIComponent(publicChatEndpoint)}` : paths.chat;

  return (
    <Box sx={{ display: "flex", minHeight: "100dvh", bgcolor: "background.default" }}>
      <SkipLink />
      {showNavigation && (
        <ChatNavigation id={navId} publicMode={publicMode} homePath={homePath} showAccount={authenticated} />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        {showNavigation && !isDesktop && <MobileHeader navId={navId} />}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          // Skip to content lands on the conversation's messages when one is shown: the keys then scroll them.
          onFocus={(event) => {
            if (event.target === event.currentTarget)
              event.currentTarget
                .querySelector<HTMLElement>("[role='log'][tabindex='-1']")
                ?.focus({ preventScroll: true });
          }}
          sx={{ flex: 1, display: "flex", flexDirection: "column", outline: "none" }}
        >
          <Outlet />
        </Box>
        <Footer />
      </Box>
      {authenticated && <ShellDrawers />}
      <GuidelinesConsentDialog enabled={authenticated && !publicMode} />
      {authenticated && !publicMode && <QuickStartTourHost />}
    </Box>
  );
}

/** The chat area's frame: side navigation, the page in <main>, the footer and the shell drawers. */
export function ChatLayout({ publicMode = false }: ChatLayoutProps) {
  return (
    <NavProvider>
      <ChatFrame publicMode={publicMode} />
    </NavProvider>
  );
}

import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import { alpha } from "@mui/material/styles";
import { Suspense, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AccountButton } from "../../app/layout/AccountButton";
import { preloadOnIntent } from "../../app/lazy/preloadOnIntent";
import { startQuickStartTour } from "../tour/startQuickStartTour";
import { ChatsTab } from "./ChatsTab";
import { AgentsTab } from "./lazyAgentsTab";
import { NavHeader } from "./NavHeader";
import { NavTabs } from "./NavTabs";
import type { NavTab } from "./navTypes";

export interface NavPanelProps {
  tab: NavTab;
  onTabChange(tab: NavTab): void;
  /** Spec §2: public mode hides the Agents tab. */
  publicMode: boolean;
  homePath: string;
  showAccount: boolean;
  /** Called once it has mounted (the desktop navigation then places a focus it lost). */
  onShown?(): void;
}

/** The open (280 px) navigation: header, the Chats / Agents tabs and the account button. */
export function NavPanel({ tab, onTabChange, publicMode, homePath, showAccount, onShown }: NavPanelProps) {
  const { t } = useTranslation();
  const shown = useRef(onShown);
  useEffect(() => shown.current?.(), []);
  const id = useId();
  const current: NavTab = publicMode ? "chats" : tab;
  return (
    <Box data-nav-panel sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <NavHeader />
      <Box sx={{ px: 2 }} {...(!publicMode && preloadOnIntent(AgentsTab))}>
        <NavTabs<NavTab>
          label={t("nav.sections")}
          value={current}
          onChange={onTabChange}
          variant="underline"
          tabs={[
            { key: "chats", label: t("nav.chats"), id: `${id}-chats`, panelId: `${id}-panel` },
            ...(publicMode
              ? []
              : [{ key: "agents" as const, label: t("nav.agents"), id: `${id}-agents`, panelId: `${id}-panel` }]),
          ]}
        />
        <Divider sx={(theme) => ({ borderColor: alpha(theme.palette.menu.textPrimary, 0.12) })} />
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${current}`}
        sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", px: 2, pt: 2, pb: 1 }}
      >
        {current === "chats" ? (
          <ChatsTab homePath={homePath} publicMode={publicMode} />
        ) : (
          <Suspense fallback={null}>
            <AgentsTab />
          </Suspense>
        )}
      </Box>
      {showAccount && (
        <Box sx={(theme) => ({ p: 1.5, borderTop: `1px solid ${alpha(theme.palette.menu.textPrimary, 0.12)}` })}>
          <AccountButton onQuickStart={startQuickStartTour} />
        </Box>
      )}
    </Box>
  );
}

import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { alpha } from "@mui/material/styles";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AccountButton } from "../../app/layout/AccountButton";
import { AgentsTab } from "./AgentsTab";
import { ChatsTab } from "./ChatsTab";
import { menuTabsSx } from "./menuStyles";
import { NavHeader } from "./NavHeader";
import type { NavTab } from "./navTypes";

export interface NavPanelProps {
  tab: NavTab;
  onTabChange(tab: NavTab): void;
  /** Spec §2: public mode hides the Agents tab. */
  publicMode: boolean;
  homePath: string;
  showAccount: boolean;
}

/** The open (280 px) navigation: header, the Chats / Agents tabs and the account button. */
export function NavPanel({ tab, onTabChange, publicMode, homePath, showAccount }: NavPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const current: NavTab = publicMode ? "chats" : tab;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <NavHeader />
      <Box sx={{ px: 2 }}>
        <Tabs
          value={current}
          onChange={(_event, next: NavTab) => onTabChange(next)}
          variant="fullWidth"
          aria-label={t("nav.sections")}
          sx={menuTabsSx}
        >
          <Tab value="chats" label={t("nav.chats")} id={`${id}-chats`} aria-controls={`${id}-panel`} />
          {!publicMode && (
            <Tab value="agents" label={t("nav.agents")} id={`${id}-agents`} aria-controls={`${id}-panel`} />
          )}
        </Tabs>
        <Divider sx={(theme) => ({ borderColor: alpha(theme.palette.menu.textPrimary, 0.12) })} />
      </Box>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${current}`}
        sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", px: 2, pt: 2, pb: 1 }}
      >
        {current === "chats" ? <ChatsTab homePath={homePath} publicMode={publicMode} /> : <AgentsTab />}
      </Box>
      {showAccount && (
        <Box sx={(theme) => ({ p: 1.5, borderTop: `1px solid ${alpha(theme.palette.menu.textPrimary, 0.12)}` })}>
          <AccountButton />
        </Box>
      )}
    </Box>
  );
}

import AddRoundedIcon from "@mui/icons-material/AddRounded";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import KeyboardDoubleArrowRightRoundedIcon from "@mui/icons-material/KeyboardDoubleArrowRightRounded";
import SmartToyOutlinedIcon from "@mui/icons-material/SmartToyOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../../app/brand/Logo";
import { AccountButton } from "../../app/layout/AccountButton";
import { useNavContext } from "../../app/layout/useNavContext";
import type { LazyNamed } from "../../app/lazy/lazyNamed";
import { preloadOnIntent } from "../../app/lazy/preloadOnIntent";
import { startQuickStartTour } from "../tour/startQuickStartTour";
import { AgentsTab } from "./lazyAgentsTab";
import { menuFocusRing, menuIconButtonSx } from "./menuStyles";
import type { NavTab } from "./navTypes";
import { useNewChat } from "./useNewChat";

export interface NavRailProps {
  publicMode: boolean;
  homePath: string;
  showAccount: boolean;
  onOpenTab(tab: NavTab): void;
  /** Called once it has mounted (the desktop navigation then places a focus it lost). */
  onShown?(): void;
}

function RailButton({
  label,
  onClick,
  children,
  primary = false,
  opens,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
  primary?: boolean;
  /** A lazily loaded part the button shows, fetched when the pointer or focus reaches the button. */
  opens?: Pick<LazyNamed<object>, "preload">;
}) {
  return (
    <Tooltip title={label} placement="right">
      <IconButton
        aria-label={label}
        onClick={onClick}
        {...(opens && preloadOnIntent(opens))}
        sx={
          primary
            ? (theme) => ({
                bgcolor: "primary.main",
                color: "primary.contrastText",
                "&:hover": { bgcolor: "primary.dark" },
                ...menuFocusRing(theme),
              })
            : menuIconButtonSx
        }
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** The mini (80 px) navigation: icons that act at once or open the full navigation on a tab. */
export function NavRail({ publicMode, homePath, showAccount, onOpenTab, onShown }: NavRailProps) {
  const { t } = useTranslation();
  const shown = useRef(onShown);
  useEffect(() => shown.current?.(), []);
  const { toggleMini } = useNavContext();
  const newChat = useNewChat(homePath, publicMode);
  return (
    <Stack sx={{ height: "100%", alignItems: "center", py: 2.5 }} spacing={1.5}>
      <Logo variant="navigation" />
      <RailButton label={t("nav.expand")} onClick={toggleMini}>
        <KeyboardDoubleArrowRightRoundedIcon />
      </RailButton>
      <Box sx={{ height: 8 }} />
      <RailButton label={t("nav.newChat")} onClick={() => void newChat()} primary>
        <AddRoundedIcon />
      </RailButton>
      <RailButton label={t("nav.chats")} onClick={() => onOpenTab("chats")}>
        <ForumOutlinedIcon />
      </RailButton>
      {!publicMode && (
        <RailButton label={t("nav.agents")} onClick={() => onOpenTab("agents")} opens={AgentsTab}>
          <SmartToyOutlinedIcon />
        </RailButton>
      )}
      <Box sx={{ flex: 1 }} />
      {showAccount && (
        <Box sx={{ px: 1.5, width: "100%" }}>
          <AccountButton compact onQuickStart={startQuickStartTour} />
        </Box>
      )}
    </Stack>
  );
}

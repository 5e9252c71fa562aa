import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import LogoutRoundedIcon from "@mui/icons-material/LogoutRounded";
import OpenInNewRoundedIcon from "@mui/icons-material/OpenInNewRounded";
import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import TourOutlinedIcon from "@mui/icons-material/TourOutlined";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import MenuList from "@mui/material/MenuList";
import Popover from "@mui/material/Popover";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useTourModalProps } from "../../chat/tour/useTourModalProps";
import { useInstanceSettings } from "../api/queries/useInstanceSettings";
import { useLogout } from "../auth/useLogout";
import { preloadOnIntent } from "../lazy/preloadOnIntent";
import { useSettings } from "../settings/useSettings";
import { ManagementToggle } from "./ManagementToggle";
import { AboutDrawer, SettingsDrawer } from "./ShellDrawers";
import type { SignedInUser } from "./useSignedInUser";

export interface AccountPopoverProps {
  anchorEl: HTMLElement | null;
  user: SignedInUser;
  onClose(): void;
  /** When given, the menu offers the Quick Start tour (spec §2: its last step points at this entry). */
  onQuickStart?(): void;
}

/** Spec §2: the account popover: Chat / Management, Settings, About, release notes and Logout. */
export function AccountPopover({ anchorEl, user, onClose, onQuickStart }: AccountPopoverProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const releaseNotesUrl = useInstanceSettings()?.releaseNotesUrl;
  const logout = useLogout();
  // The chat tour opens this popover for its last steps: the keyboard stays in the tour's tooltip meanwhile.
  const tourModalProps = useTourModalProps();
  const open = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      {...tourModalProps}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      slotProps={{
        paper: {
          // The chat tour's step 11 target (spread: the slot's type does not list data-* attributes).
          ...{ "data-tour": "account-popover" },
          role: "dialog",
          "aria-label": user.displayName,
          sx: { width: 260, ml: 1.5, borderRadius: 3 },
        },
      }}
    >
      <Box sx={{ px: 2.5, pt: 2, pb: 1.5 }}>
        <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 600 }}>
          {user.displayName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {user.email ?? user.userName}
        </Typography>
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        <ManagementToggle onNavigate={onClose} />
      </Box>
      <Divider />
      <MenuList aria-label={t("account.menu")} sx={{ p: 1 }}>
        <MenuItem onClick={open(settings.onToggleDrawer)} {...preloadOnIntent(SettingsDrawer)}>
          <ListItemIcon>
            <SettingsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("account.settings")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={open(settings.onToggleAbout)} {...preloadOnIntent(AboutDrawer)}>
          <ListItemIcon>
            <InfoOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("account.about")}</ListItemText>
        </MenuItem>
        {onQuickStart && (
          <MenuItem data-tour="quick-start-entry" onClick={open(onQuickStart)}>
            <ListItemIcon>
              <TourOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("account.quickStart")}</ListItemText>
          </MenuItem>
        )}
        {releaseNotesUrl && (
          <MenuItem component="a" href={releaseNotesUrl} target="_blank" rel="noopener noreferrer" onClick={onClose}>
            <ListItemIcon>
              <OpenInNewRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("account.releaseNotes")}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={open(logout)} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("account.logout")}</ListItemText>
        </MenuItem>
      </MenuList>
    </Popover>
  );
}

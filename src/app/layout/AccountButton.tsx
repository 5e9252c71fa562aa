import Avatar from "@mui/material/Avatar";
import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import UnfoldMoreRoundedIcon from "@mui/icons-material/UnfoldMoreRounded";
import { alpha } from "@mui/material/styles";
import { useState } from "react";
import { lazyNamed } from "../lazy/lazyNamed";
import { preloadOnIntent } from "../lazy/preloadOnIntent";
import { MountOnceOpened } from "../lazy/MountOnceOpened";
import { initials } from "./initials";
import { useSignedInUser } from "./useSignedInUser";

// The popover's content (menu, management toggle) loads with its first opening.
const AccountPopover = lazyNamed(() => import("./AccountPopover"), "AccountPopover");

export interface AccountButtonProps {
  /** Only the avatar (the mini navigation). */
  compact?: boolean;
  /** Offers the Quick Start tour in the popover (the chat). */
  onQuickStart?(): void;
}

/**
 * The signed-in user's button at the foot of the navigation; its accessible
 * name is the user's display name. Opens the account popover.
 */
export function AccountButton({ compact = false, onQuickStart }: AccountButtonProps) {
  const user = useSignedInUser();
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  if (!user) return null;
  return (
    <>
      <ButtonBase
        data-tour="account-name"
        // Compact shows only initials: the display name becomes the label. Open, the visible name is the label.
        aria-label={compact ? user.displayName : undefined}
        aria-haspopup="dialog"
        aria-expanded={anchorEl !== null}
        onClick={(event) => setAnchorEl(event.currentTarget)}
        {...preloadOnIntent(AccountPopover)}
        sx={(theme) => ({
          width: "100%",
          justifyContent: compact ? "center" : "flex-start",
          gap: 1.5,
          p: compact ? 1 : 1.25,
          borderRadius: 2,
          color: theme.palette.menu.textPrimary,
          "&:hover, &.Mui-focusVisible": { bgcolor: alpha(theme.palette.menu.textPrimary, 0.08) },
          "&.Mui-focusVisible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 0 },
        })}
      >
        <Avatar
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            bgcolor: "primary.main",
            color: "primary.contrastText",
            fontSize: "0.9rem",
            fontWeight: 600,
          }}
        >
          {initials(user.displayName)}
        </Avatar>
        {!compact && (
          <>
            <Typography variant="subtitle2" component="span" noWrap sx={{ flex: 1, minWidth: 0, textAlign: "start" }}>
              {user.displayName}
            </Typography>
            <UnfoldMoreRoundedIcon fontSize="small" aria-hidden sx={{ color: "menu.textSecondary" }} />
          </>
        )}
      </ButtonBase>
      <MountOnceOpened open={anchorEl !== null}>
        <AccountPopover anchorEl={anchorEl} user={user} onClose={() => setAnchorEl(null)} onQuickStart={onQuickStart} />
      </MountOnceOpened>
    </>
  );
}

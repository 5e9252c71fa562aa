import AddCircleOutlineRoundedIcon from "@mui/icons-material/AddCircleOutlineRounded";
import Button from "@mui/material/Button";
import { alpha } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../app/api/queries/useCurrentUser";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { preloadOnIntent } from "../../app/lazy/preloadOnIntent";
import { MountOnceOpened } from "../../app/lazy/MountOnceOpened";
import { menuOutlinedButtonSx } from "./menuStyles";

// Quick Create (its form and fields) loads with its first opening.
const QuickCreateDialog = lazyNamed(() => import("../personalAgents/QuickCreateDialog"), "QuickCreateDialog");

/**
 * Spec §2: 'Create a Personal Agent' opens Quick Create; it is disabled while
 * the user is banned from creating agents. Disabled means aria-disabled rather
 * than disabled, so that it keeps the focus and the tooltip reaches keyboard users.
 */
export function CreatePersonalAgentButton() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const banned = user?.personalAgentSettings.isBannedFromCreatingAgents ?? false;

  if (banned)
    return (
      <Tooltip title={t("nav.createPersonalAgentBlocked")} describeChild placement="right">
        <Button
          variant="outlined"
          startIcon={<AddCircleOutlineRoundedIcon />}
          aria-disabled="true"
          disableRipple
          sx={[
            menuOutlinedButtonSx,
            (theme) => ({
              cursor: "not-allowed",
              color: alpha(theme.palette.menu.textPrimary, 0.4),
              borderColor: alpha(theme.palette.menu.textPrimary, 0.12),
              "&:hover": { bgcolor: "transparent", borderColor: alpha(theme.palette.menu.textPrimary, 0.12) },
            }),
          ]}
        >
          {t("nav.createPersonalAgent")}
        </Button>
      </Tooltip>
    );

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddCircleOutlineRoundedIcon />}
        onClick={() => setOpen(true)}
        {...preloadOnIntent(QuickCreateDialog)}
        sx={menuOutlinedButtonSx}
      >
        {t("nav.createPersonalAgent")}
      </Button>
      <MountOnceOpened open={open}>
        <QuickCreateDialog open={open} onClose={() => setOpen(false)} />
      </MountOnceOpened>
    </>
  );
}

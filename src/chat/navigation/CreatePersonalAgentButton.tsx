import AddCircleOutlineRoundedIcon from "@mui/icons-material/AddCircleOutlineRounded";
import Button from "@mui/material/Button";
import { alpha } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../app/api/queries/useCurrentUser";
import { menuOutlinedButtonSx } from "./menuStyles";

/**
 * Spec §2: 'Create a Personal Agent', disabled while the user is banned from
 * creating agents. Creating goes through Quick Create and the personal
 * configuration-state API, which the contract does not have yet, so the button
 * stays disabled and its tooltip says why. It is aria-disabled rather than
 * disabled so that it keeps the focus and the tooltip reaches keyboard users.
 */
export function CreatePersonalAgentButton() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const banned = user?.personalAgentSettings.isBannedFromCreatingAgents ?? false;
  return (
    <Tooltip
      title={t(banned ? "nav.createPersonalAgentBlocked" : "nav.createPersonalAgentUnavailable")}
      describeChild
      placement="right"
    >
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
}

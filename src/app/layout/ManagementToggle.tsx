import ChatBubbleOutlineRoundedIcon from "@mui/icons-material/ChatBubbleOutlineRounded";
import TuneRoundedIcon from "@mui/icons-material/TuneRounded";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { hasManagementAccess, useResolvedActions } from "../api/queries/useResolvedActions";
import { paths } from "../routes/paths";

/** Spec §2/§6: the Chat / Management switch; Management only for users with more than GptSystemsRead. */
export function ManagementToggle({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { actions } = useResolvedActions();
  const area = pathname.startsWith(paths.admin) ? "admin" : "chat";
  return (
    <ToggleButtonGroup
      value={area}
      exclusive
      fullWidth
      size="small"
      aria-label={t("account.area")}
      onChange={(_event, next: "chat" | "admin" | null) => {
        if (!next || next === area) return;
        onNavigate();
        void navigate(next === "admin" ? paths.admin : paths.chat);
      }}
    >
      <ToggleButton value="chat" sx={{ gap: 1 }}>
        <ChatBubbleOutlineRoundedIcon fontSize="small" aria-hidden />
        {t("account.chat")}
      </ToggleButton>
      {hasManagementAccess(actions) && (
        <ToggleButton value="admin" sx={{ gap: 1 }}>
          <TuneRoundedIcon fontSize="small" aria-hidden />
          {t("account.management")}
        </ToggleButton>
      )}
    </ToggleButtonGroup>
  );
}

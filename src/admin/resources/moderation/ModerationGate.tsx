import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFeatureFlags } from "../../../app/api/queries/useFeatureFlags";
import { useResolvedActions } from "../../../app/api/queries/useResolvedActions";
import { NotFoundScreen } from "../../../app/layout/NotFoundScreen";
import { paths } from "../../../app/routes/paths";

/**
 * Spec §2/§6: the moderation pages exist only while personal agents are
 * allowed (otherwise the 404 screen), and need ModerationRead (otherwise the
 * spec's permission message).
 */
export function ModerationGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  const { actions, isLoading } = useResolvedActions();
  if (flags.isLoading || isLoading) return null;
  if (!flags.isEnabled("AllowUserCreatedGptSystems")) return <NotFoundScreen homePath={paths.admin} />;
  if (!actions.includes("ModerationRead"))
    return (
      <Box sx={{ p: { xs: 2, md: 5 } }}>
        <Alert severity="error">{t("moderation.noPermission")}</Alert>
      </Box>
    );
  return children;
}

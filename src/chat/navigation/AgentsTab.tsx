import AddCircleOutlineRoundedIcon from "@mui/icons-material/AddCircleOutlineRounded";
import AppsRoundedIcon from "@mui/icons-material/AppsRounded";
import HistoryRoundedIcon from "@mui/icons-material/HistoryRounded";
import PushPinOutlinedIcon from "@mui/icons-material/PushPinOutlined";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useFeatureFlags } from "../../app/api/queries/useFeatureFlags";
import { useNavContext } from "../../app/layout/useNavContext";
import { paths } from "../../app/routes/paths";
import { EmptyListHint } from "./EmptyListHint";
import { menuOutlinedButtonSx } from "./menuStyles";
import { SubTabs } from "./SubTabs";

type AgentList = "recent" | "pinned";

/**
 * Spec §2 Agents tab: 'View all Agents', 'Create a Personal Agent' (only with
 * AllowUserCreatedGptSystems) and the Recent / Pinned lists.
 */
export function AgentsTab() {
  const { t } = useTranslation();
  const { closeMobile } = useNavContext();
  const { isEnabled } = useFeatureFlags();
  const [list, setList] = useState<AgentList>("recent");

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Button
        variant="outlined"
        startIcon={<AppsRoundedIcon />}
        component={RouterLink}
        to={paths.agents}
        onClick={closeMobile}
        sx={menuOutlinedButtonSx}
      >
        {t("nav.viewAllAgents")}
      </Button>
      {/* Spec §2: shown only with the feature, disabled while creation is blocked. Creating goes through the
          Quick Create dialog and the configuration-state API, which the contract does not have yet: inert until then. */}
      {isEnabled("AllowUserCreatedGptSystems") && (
        <Button variant="outlined" startIcon={<AddCircleOutlineRoundedIcon />} disabled sx={menuOutlinedButtonSx}>
          {t("nav.createPersonalAgent")}
        </Button>
      )}
      <SubTabs<AgentList>
        label={t("nav.agentLists")}
        value={list}
        onChange={setList}
        tabs={[
          {
            key: "recent",
            label: t("nav.recent"),
            content: <EmptyListHint icon={<HistoryRoundedIcon />}>{t("nav.emptyRecent")}</EmptyListHint>,
          },
          {
            key: "pinned",
            label: t("nav.pinned"),
            content: <EmptyListHint icon={<PushPinOutlinedIcon />}>{t("nav.emptyPinned")}</EmptyListHint>,
          },
        ]}
      />
    </Stack>
  );
}

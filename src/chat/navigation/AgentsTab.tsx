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
import { AgentNavList } from "../agents/AgentNavList";
import { usePinnedAgents, useRecentAgents } from "../queries/useAgentLists";
import { CreatePersonalAgentButton } from "./CreatePersonalAgentButton";
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
  const recent = useRecentAgents();
  const pinned = usePinnedAgents();

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
      {isEnabled("AllowUserCreatedGptSystems") && <CreatePersonalAgentButton />}
      <SubTabs<AgentList>
        label={t("nav.agentLists")}
        value={list}
        onChange={setList}
        tabs={[
          {
            key: "recent",
            label: t("nav.recent"),
            content: (
              <AgentNavList
                label={t("nav.recentAgents")}
                query={recent}
                emptyIcon={<HistoryRoundedIcon />}
                emptyText={t("nav.emptyRecent")}
                announcePins
              />
            ),
          },
          {
            key: "pinned",
            label: t("nav.pinned"),
            content: (
              <AgentNavList
                label={t("nav.pinnedAgents")}
                query={pinned}
                emptyIcon={<PushPinOutlinedIcon />}
                emptyText={t("nav.emptyPinned")}
                announcePins={false}
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}

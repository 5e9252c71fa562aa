import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useFeatureFlags } from "../../app/api/queries/useFeatureFlags";
import { useAvailableAgentIds } from "./useAvailableAgentIds";
import { PersonalAgentRow } from "./PersonalAgentRow";
import { useMyPersonalAgents } from "./usePersonalAgentApi";

/** The user's personal agents on /chat/agents, above the System directory (only while the feature is on). */
export function MyPersonalAgentsSection() {
  const { t } = useTranslation();
  const { isEnabled } = useFeatureFlags();
  const enabled = isEnabled("AllowUserCreatedGptSystems");
  const mine = useMyPersonalAgents(enabled);
  const available = useAvailableAgentIds(enabled);
  if (!enabled || !mine.data) return null;
  return (
    <Box component="section" aria-labelledby="my-personal-agents" sx={{ mb: 4 }}>
      <Typography id="my-personal-agents" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t("personalAgents.myAgents")}
      </Typography>
      {mine.data.length === 0 ? (
        <Typography color="text.secondary">{t("personalAgents.myAgentsEmpty")}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            display: "grid",
            gap: 1,
            gridTemplateColumns: "repeat(auto-fill, minmax(380px, 1fr))",
            p: 0,
            m: 0,
            listStyle: "none",
          }}
        >
          {mine.data.map((agent) => (
            <PersonalAgentRow key={agent.gptSystemId} agent={agent} published={available.has(agent.gptSystemId)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DirectorySection } from "../agents/DirectorySection";
import { PersonalAgentRow } from "./PersonalAgentRow";
import { useMyPersonalAgents } from "./usePersonalAgentApi";

/** The user's published personal agents on /chat/agents (Personal/Mine); the caller shows it only while the feature is on. */
export function MyPersonalAgentsSection() {
  const { t } = useTranslation();
  const mine = useMyPersonalAgents();
  if (!mine.data) return null;
  return (
    <DirectorySection title={t("personalAgents.myAgents")}>
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
            <PersonalAgentRow key={agent.gptSystemId} agent={agent} />
          ))}
        </Box>
      )}
    </DirectorySection>
  );
}

import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DirectorySection } from "../agents/DirectorySection";
import { AgentRowList } from "./AgentRowList";
import { PersonalAgentRow } from "./PersonalAgentRow";
import { useMyPersonalAgents } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

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
        <AgentRowList>
          {mine.data.map((agent) => (
            <PersonalAgentRow key={agent.gptSystemId} agent={agent} />
          ))}
        </AgentRowList>
      )}
    </DirectorySection>
  );
}

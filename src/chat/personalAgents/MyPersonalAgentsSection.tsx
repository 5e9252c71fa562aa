import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DirectorySection } from "../agents/DirectorySection";
import { filterAgents } from "../agents/filterAgents";
import { AgentRowList } from "./AgentRowList";
import { PersonalAgentRow } from "./PersonalAgentRow";
import { useMyPersonalAgents } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

/**
 * The user's published personal agents on /chat/agents (Personal/Mine), filtered like the directory;
 * the caller shows it only while the feature is on.
 */
export function MyPersonalAgentsSection({ filter }: { filter: string }) {
  const { t } = useTranslation();
  const mine = useMyPersonalAgents();
  const agents = useMemo(() => mine.data && filterAgents(mine.data, filter), [mine.data, filter]);
  // While filtering, a section without matches steps aside: the System section alone says nothing matches.
  if (!agents || (filter.trim() && agents.length === 0)) return null;
  return (
    <DirectorySection title={t("personalAgents.myAgents")}>
      {agents.length === 0 ? (
        <Typography color="text.secondary">{t("personalAgents.myAgentsEmpty")}</Typography>
      ) : (
        <AgentRowList>
          {agents.map((agent) => (
            <PersonalAgentRow key={agent.gptSystemId} agent={agent} />
          ))}
        </AgentRowList>
      )}
    </DirectorySection>
  );
}

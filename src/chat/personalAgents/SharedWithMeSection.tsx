import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AgentDirectoryGrid } from "../agents/AgentDirectoryGrid";
import { DirectorySection } from "../agents/DirectorySection";
import { filterAgents } from "../agents/filterAgents";
import { useSharedWithMe } from "./useAgentSharing";
import "../../app/i18n/personalAgentStrings";

/** Other people's agents the user added through a share link (Personal/SharedWithMe), filtered like the directory. */
export function SharedWithMeSection({ filter }: { filter: string }) {
  const { t } = useTranslation();
  const shared = useSharedWithMe();
  const agents = useMemo(() => shared.data && filterAgents(shared.data, filter), [shared.data, filter]);
  // While filtering, a section without matches steps aside: the System section alone says nothing matches.
  if (filter.trim() && agents?.length === 0) return null;
  return (
    <DirectorySection title={t("personalAgents.sharedWithMe")}>
      <AgentDirectoryGrid
        agents={agents}
        isError={shared.isError}
        label={t("personalAgents.sharedWithMe")}
        emptyText={t("personalAgents.sharedWithMeEmpty")}
      />
    </DirectorySection>
  );
}

import SearchOffRoundedIcon from "@mui/icons-material/SearchOffRounded";
import SearchRoundedIcon from "@mui/icons-material/SearchRounded";
import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../app/layout/PageContainer";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";
import { useFeatureFlags } from "../../app/api/queries/useFeatureFlags";
import { AgentDirectoryGrid } from "../agents/AgentDirectoryGrid";
import { DirectoryNotice } from "../agents/DirectoryNotice";
import { DirectorySection } from "../agents/DirectorySection";
import { filterAgents } from "../agents/filterAgents";
import { useAgentDirectory } from "../queries/useAgentLists";
import { DraftsSection } from "../personalAgents/DraftsSection";
import { MyPersonalAgentsSection } from "../personalAgents/MyPersonalAgentsSection";
import { SharedWithMeSection } from "../personalAgents/SharedWithMeSection";
import "../../app/i18n/agentStrings";

/**
 * /chat/agents, 'Discover Intelligent Agents' (spec §2): while personal agents are on, the user's own
 * (published), those shared with them and their drafts; then the System agents. The filter narrows the cards.
 */
export function AgentsDirectoryPage() {
  const { t } = useTranslation();
  const personalAgents = useFeatureFlags().isEnabled("AllowUserCreatedGptSystems");
  useDocumentTitle(t("chat.agentsTitle"));
  const directory = useAgentDirectory();
  const [filter, setFilter] = useState("");
  const agents = useMemo(() => directory.data && filterAgents(directory.data, filter), [directory.data, filter]);
  const noMatch = !directory.isError && agents?.length === 0 && filter.trim() !== "";

  return (
    <PageContainer>
      <Box
        sx={{
          display: "flex",
          flexDirection: { xs: "column", md: "row" },
          alignItems: { xs: "stretch", md: "flex-end" },
          justifyContent: "space-between",
          gap: 3,
          mb: 3,
        }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t("chat.agentsTitle")}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t("chat.agentsSubtitle")}
          </Typography>
        </Box>
        <TextField
          type="search"
          size="small"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t("agents.filter")}
          slotProps={{
            htmlInput: { "aria-label": t("agents.filter") },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
              sx: { borderRadius: 2.5, bgcolor: "background.paper" },
            },
          }}
          sx={{ width: { xs: "100%", md: 320 }, flexShrink: 0 }}
        />
      </Box>
      {personalAgents && (
        <>
          <MyPersonalAgentsSection filter={filter} />
          <SharedWithMeSection filter={filter} />
          <DraftsSection filter={filter} />
        </>
      )}
      <DirectorySection title={t("agents.systemAgents")}>
        {/* Always there, so that a screen reader hears its text change: how many agents, or that none matches. */}
        <Box role="status">
          {agents && agents.length > 0 && (
            <Typography variant="overline" component="p" color="text.secondary" sx={{ mb: 1, lineHeight: 2 }}>
              {t("agents.count", { count: agents.length })}
            </Typography>
          )}
          {noMatch && (
            <DirectoryNotice icon={<SearchOffRoundedIcon />}>
              {t("agents.noMatch", { filter: filter.trim() })}
            </DirectoryNotice>
          )}
        </Box>
        {!noMatch && <AgentDirectoryGrid agents={agents} isError={directory.isError} />}
      </DirectorySection>
    </PageContainer>
  );
}

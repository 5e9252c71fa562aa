import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../app/routes/paths";
import { AgentAvatar } from "../agents/AgentAvatar";
import { DirectorySection } from "../agents/DirectorySection";
import { AgentRowList } from "./AgentRowList";
import { useMyPersonalDrafts, type PersonalConfigState } from "./usePersonalAgentApi";

function DraftRow({ draft }: { draft: PersonalConfigState }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-labelledby={`${id}-name`}
      sx={{ display: "flex", alignItems: "center", gap: 1.5, p: 1.5, borderRadius: 3 }}
    >
      <AgentAvatar
        gptSystemId={draft.gptSystemId}
        name={draft.gptSystemName}
        state="normal"
        size={40}
        sx={{ borderRadius: 1.2 }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={`${id}-name`} variant="subtitle2" component="h3" noWrap title={draft.gptSystemName}>
          {draft.gptSystemName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {t("personalAgents.draftStatus", { version: draft.version })}
        </Typography>
      </Box>
      <Button
        size="small"
        variant="outlined"
        startIcon={<EditOutlinedIcon />}
        component={RouterLink}
        to={paths.editPersonalAgent(draft.configStateId)}
        aria-label={`${t("personalAgents.editDraft")}: ${draft.gptSystemName}`}
      >
        {t("personalAgents.editDraft")}
      </Button>
    </Paper>
  );
}

/** The user's unpublished configurations (Personal/ConfigStates), each opening 'Edit Personal Agent'; hidden when none. */
export function DraftsSection() {
  const { t } = useTranslation();
  const drafts = useMyPersonalDrafts();
  if (!drafts.data || drafts.data.length === 0) return null;
  return (
    <DirectorySection title={t("personalAgents.drafts")}>
      <AgentRowList label={t("personalAgents.drafts")}>
        {drafts.data.map((draft) => (
          <DraftRow key={draft.configStateId} draft={draft} />
        ))}
      </AgentRowList>
    </DirectorySection>
  );
}

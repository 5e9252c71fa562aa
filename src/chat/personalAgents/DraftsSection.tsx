import DeleteOutlineRoundedIcon from "@mui/icons-material/DeleteOutlineRounded";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../app/routes/paths";
import { DirectorySection } from "../agents/DirectorySection";
import { AgentRow } from "./AgentRow";
import { AgentRowList } from "./AgentRowList";
import { DiscardDraftDialog } from "./DiscardDraftDialog";
import { useMyPersonalDrafts, type PersonalConfigState } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

function DraftRow({ draft }: { draft: PersonalConfigState }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const deleteLabel = `${t("personalAgents.deleteDraft")}: ${draft.gptSystemName}`;
  return (
    <AgentRow
      gptSystemId={draft.gptSystemId}
      name={draft.gptSystemName}
      title={draft.gptSystemName}
      subtitle={t("personalAgents.draftStatus", { version: draft.version })}
      state="normal"
    >
      <Tooltip title={t("personalAgents.deleteDraft")}>
        <IconButton aria-label={deleteLabel} onClick={() => setDeleting(true)}>
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
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
      <DiscardDraftDialog draft={deleting ? draft : null} onClose={() => setDeleting(false)} />
    </AgentRow>
  );
}

/** The user's unpublished configurations (Personal/ConfigStates), each opening 'Edit Personal Agent'; hidden when there is none, or none matches the filter. */
export function DraftsSection({ filter }: { filter: string }) {
  const { t } = useTranslation();
  const drafts = useMyPersonalDrafts();
  // Filtered by name, like the directory (a draft has no description yet).
  const needle = filter.trim().toLocaleLowerCase();
  const shown = drafts.data?.filter((draft) => draft.gptSystemName.toLocaleLowerCase().includes(needle)) ?? [];
  if (shown.length === 0) return null;
  return (
    <DirectorySection title={t("personalAgents.drafts")}>
      <AgentRowList label={t("personalAgents.drafts")}>
        {shown.map((draft) => (
          <DraftRow key={draft.configStateId} draft={draft} />
        ))}
      </AgentRowList>
    </DirectorySection>
  );
}

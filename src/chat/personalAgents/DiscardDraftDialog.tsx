import { useTranslation } from "react-i18next";
import { useToast } from "../../app/toast/useToast";
import { ConfirmRemovalDialog } from "./ConfirmRemovalDialog";
import { problemMessage } from "./problemMessage";
import { useDiscardPersonalDraft, type PersonalConfigState } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

/**
 * Confirms deleting a draft (open while `draft` is set). A draft of a published agent only loses the unpublished
 * changes; the draft of an agent never published (status Draft) is the whole agent, so the dialog says it goes too.
 */
export function DiscardDraftDialog({ draft, onClose }: { draft: PersonalConfigState | null; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const discard = useDiscardPersonalDraft();
  const neverPublished = draft?.gptSystemStatus === "Draft";
  const values = { name: draft?.gptSystemName ?? "", version: draft?.version ?? 0 };
  const confirm = () => {
    if (!draft) return;
    discard.mutate(draft.configStateId, {
      onSuccess: () => {
        toast(t(neverPublished ? "personalAgents.deleted" : "personalAgents.draftDiscarded"));
        onClose();
      },
      onError: (error) => toast(problemMessage(error, t("personalAgents.deleteDraftFailed")), "error"),
    });
  };
  return (
    <ConfirmRemovalDialog
      open={draft !== null}
      title={t(neverPublished ? "personalAgents.deleteConfirmTitle" : "personalAgents.discardDraftTitle")}
      text={t(neverPublished ? "personalAgents.deleteUnpublishedText" : "personalAgents.discardDraftText", values)}
      confirmLabel={t(neverPublished ? "personalAgents.delete" : "personalAgents.discardDraft")}
      pending={discard.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

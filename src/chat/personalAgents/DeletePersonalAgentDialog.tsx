import { useTranslation } from "react-i18next";
import { useToast } from "../../app/toast/useToast";
import type { GptSystemSummary } from "../queries/chatTypes";
import { ConfirmRemovalDialog } from "./ConfirmRemovalDialog";
import { useDeletePersonalAgent } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

/** Confirms deleting one of the user's personal agents (open while `agent` is set). */
export function DeletePersonalAgentDialog({ agent, onClose }: { agent: GptSystemSummary | null; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeletePersonalAgent();
  const confirm = () => {
    if (!agent) return;
    remove.mutate(agent.gptSystemId, {
      onSuccess: () => {
        toast(t("personalAgents.deleted"));
        onClose();
      },
      onError: () => toast(t("personalAgents.deleteFailed"), "error"),
    });
  };
  return (
    <ConfirmRemovalDialog
      open={agent !== null}
      title={t("personalAgents.deleteConfirmTitle")}
      text={t("personalAgents.deleteConfirmText", { name: agent?.name ?? "" })}
      confirmLabel={t("personalAgents.delete")}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

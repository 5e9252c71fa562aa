import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { paths } from "../../app/routes/paths";
import { useToast } from "../../app/toast/useToast";
import { useDraftFromAgent } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

/**
 * Opens 'Edit Personal Agent' on a draft of the agent. Spec §8 toasts: 'Missing
 * GPT System Identifier' without an agent id, 'Failed to create agent
 * configuration state' when the draft cannot be made.
 */
export function useEditPersonalAgent(): { edit(gptSystemId: string | null | undefined): void; isPending: boolean } {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const draft = useDraftFromAgent();
  const { mutate } = draft;
  const edit = useCallback(
    (gptSystemId: string | null | undefined) => {
      if (!gptSystemId) {
        toast(t("personalAgents.missingGptSystemId"), "error");
        return;
      }
      mutate(gptSystemId, {
        onSuccess: (configuration) => void navigate(paths.editPersonalAgent(configuration.configStateId)),
        onError: () => toast(t("personalAgents.configStateFailure"), "error"),
      });
    },
    [mutate, navigate, t, toast],
  );
  return { edit, isPending: draft.isPending };
}

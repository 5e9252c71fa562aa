import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "../../app/api/client";
import { showToast } from "../../app/toast/toastStore";
import type { components } from "../../generated/api";
import { conversationKeys } from "../conversation/conversationKeys";
import { fieldErrorsOf } from "../personalAgents/fieldErrors";
import { useChatUserId } from "../queries/useChatUserId";

export type UserPrompt = components["schemas"]["UserPrompt"];
export type UserPromptInput = components["schemas"]["UserPromptInput"];

/** GET /userPrompts: the user's saved prompts (spec §1, §7). */
export function useUserPrompts(enabled: boolean) {
  const userId = useChatUserId();
  return useQuery({
    queryKey: conversationKeys.userPrompts(userId),
    queryFn: () => unwrap(api.GET("/userPrompts")),
    enabled: enabled && userId !== null,
  });
}

/** Create (POST /userPrompts), edit (PUT) and delete (DELETE /userPrompts/prompt/{id}); the list refreshes after each. */
export function useUserPromptMutations() {
  const queryClient = useQueryClient();
  const userId = useChatUserId();
  const { t } = useTranslation();
  const refresh = () => queryClient.invalidateQueries({ queryKey: conversationKeys.userPrompts(userId) });
  // Spec §8: validation errors show on the dialog's fields (UserPromptDialog); anything else is a toast.
  const failed = (error: unknown) => {
    if (Object.keys(fieldErrorsOf(error)).length === 0) showToast(t("userPrompts.saveFailed"), "error");
  };
  const save = useMutation({
    mutationFn: ({ promptId, input }: { promptId?: string; input: UserPromptInput }) =>
      promptId
        ? unwrap(api.PUT("/userPrompts/prompt/{promptId}", { params: { path: { promptId } }, body: input }))
        : unwrap(api.POST("/userPrompts", { body: input })),
    onSuccess: refresh,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (promptId: string) =>
      unwrap(api.DELETE("/userPrompts/prompt/{promptId}", { params: { path: { promptId } } })),
    onSuccess: refresh,
    onError: () => showToast(t("userPrompts.deleteFailed"), "error"),
  });
  return { save, remove };
}

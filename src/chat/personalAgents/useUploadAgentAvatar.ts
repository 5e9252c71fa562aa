import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { chatQueryKeys } from "../queries/chatQueryKeys";
import type { PersonalConfigState } from "./usePersonalAgentApi";

/** Spec §7: the file is named by the config state id and sent with gptSystemConfigurationStateId. */
export function avatarForm(configStateId: string, file: Blob): FormData {
  const form = new FormData();
  // The server reads the fields before the file.
  form.append("gptSystemConfigurationStateId", configStateId);
  form.append("file", file, configStateId);
  return form;
}

/** POST /configStates/{configStateId}/avatar; every view of the agent's avatar then fetches it again. */
export function useUploadAgentAvatar(state: Pick<PersonalConfigState, "gptSystemId" | "configStateId">) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(
        api.POST("/configStates/{configStateId}/avatar", {
          params: { path: { configStateId: state.configStateId } },
          // openapi-typescript types a binary part as string; the serializer sends the File itself.
          body: { file: file.name, gptSystemConfigurationStateId: state.configStateId },
          bodySerializer: () => avatarForm(state.configStateId, file),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.agentAvatar(state.gptSystemId) }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { chatQueryKeys } from "../queries/chatQueryKeys";
import { personalAgentKeys } from "./personalAgentKeys";
import type { PersonalConfigState } from "./usePersonalAgentApi";

type AvatarOwner = Pick<PersonalConfigState, "gptSystemId" | "configStateId">;

/** After a new avatar or its removal: every view of the image fetches it again, and the configuration's hasCustomAvatar. */
export function useRefreshAgentAvatar(state: AvatarOwner) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chatQueryKeys.agentAvatar(state.gptSystemId) }),
      queryClient.invalidateQueries({ queryKey: personalAgentKeys.configState(state.configStateId) }),
    ]);
}

/** Spec §7: the file is named by the config state id and sent with gptSystemConfigurationStateId. */
export function avatarForm(configStateId: string, file: Blob): FormData {
  const form = new FormData();
  // The server reads the fields before the file.
  form.append("gptSystemConfigurationStateId", configStateId);
  form.append("file", file, configStateId);
  return form;
}

/** POST /configStates/{configStateId}/avatar. */
export function useUploadAgentAvatar(state: AvatarOwner) {
  const refresh = useRefreshAgentAvatar(state);
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
    onSuccess: refresh,
  });
}

/** DELETE /configStates/{configStateId}/avatar: back to the generated identicon. */
export function useRemoveAgentAvatar(state: AvatarOwner) {
  const refresh = useRefreshAgentAvatar(state);
  return useMutation({
    mutationFn: () =>
      unwrap(api.DELETE("/configStates/{configStateId}/avatar", { params: { path: { configStateId: state.configStateId } } })),
    onSuccess: refresh,
  });
}

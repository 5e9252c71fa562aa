/** The guidelines the signed-in user still has to agree to, and the consent call (spec §5: once per document). */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { freshWhileOpeningRead } from "../../app/api/openingReads";
import { chatActions } from "../state/chatStore";

const pendingKey = ["guidelines", "pendingConsent"] as const;

/** GET /guidelinesDocuments/pendingConsent. */
export const pendingGuidelinesQuery = queryOptions({
  queryKey: pendingKey,
  queryFn: () => unwrap(api.GET("/guidelinesDocuments/pendingConsent")),
  staleTime: freshWhileOpeningRead,
});

export function usePendingGuidelines(enabled: boolean) {
  return useQuery({ ...pendingGuidelinesQuery, enabled });
}

/** One document the user still has to agree to. */
export type PendingGuidelinesDocument = NonNullable<ReturnType<typeof usePendingGuidelines>["data"]>[number];

export function useConsentToGuidelines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guidelinesDocumentId: string) =>
      unwrap(
        api.POST("/guidelinesDocuments/{guidelinesDocumentId}/consent", {
          params: { path: { guidelinesDocumentId } },
        }),
      ),
    onSuccess: async (consent) => {
      chatActions.consentToGuidelines(consent.guidelinesDocumentId);
      await queryClient.invalidateQueries({ queryKey: pendingKey });
    },
  });
}

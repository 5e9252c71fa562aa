import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../app/api/client";
import { type UploadLimits, UPLOAD_LIMITS } from "./uploadRules";

export const uploadLimitsQueryKey = ["uploadLimits"] as const;

/** GET /uploadLimits, read once per session. */
export const uploadLimitsQuery = queryOptions({
  queryKey: uploadLimitsQueryKey,
  queryFn: () => unwrap(api.GET("/uploadLimits")),
  staleTime: Infinity,
  retry: false,
});

/**
 * The server's effective upload limits (GET /uploadLimits, UPLOAD_MAX_*_BYTES),
 * read once per session; null while they are read, the defaults when the read fails
 * (a file checked meanwhile could be refused by a limit the server does not have).
 */
export function useUploadLimits(): UploadLimits | null {
  const query = useQuery({
    ...uploadLimitsQuery,
    select: (limits): UploadLimits => ({
      image: limits.maxImageBytes,
      pdf: limits.maxPdfBytes,
      docx: limits.maxDocxBytes,
      text: limits.maxTextBytes,
    }),
  });
  if (query.isError) return UPLOAD_LIMITS;
  return query.data ?? null;
}

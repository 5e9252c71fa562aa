/** GET /admin/cloudGroups for the group picker: the identity provider's groups, or why there are none. */
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../app/api/client";
import { ApiError } from "../../../app/api/errors";
import type { components } from "../../../generated/api";

export type CloudGroup = components["schemas"]["CloudGroup"];

export type CloudGroupsState =
  | { kind: "loading" }
  | { kind: "groups"; groups: CloudGroup[] }
  /** 409: Entra ID is not configured, so groups are entered as ids. */
  | { kind: "notConfigured" }
  /** Graph or the call failed: ids can still be entered. */
  | { kind: "failed" };

export const cloudGroupsKey = ["adminCloudGroups"] as const;

/** One listing per form (groups change rarely); the picker searches it locally. */
export function useCloudGroups(): CloudGroupsState {
  const { data, error, isPending } = useQuery({
    queryKey: cloudGroupsKey,
    queryFn: () => unwrap(api.GET("/admin/cloudGroups")),
    staleTime: 60_000,
    retry: false,
  });
  if (isPending) return { kind: "loading" };
  if (data) return { kind: "groups", groups: data };
  return error instanceof ApiError && error.status === 409 ? { kind: "notConfigured" } : { kind: "failed" };
}

/** Ids typed or pasted in free-text mode: separated by commas, semicolons or white space. */
export function parseGroupIds(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((id) => id.trim())
    .filter(Boolean);
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../client";
import { freshWhileOpeningRead } from "../openingReads";
import { queryKeys } from "./queryKeys";

/** Feature flags the front end reads (spec §2, §6). */
export type FeatureName = "AllowUserCreatedGptSystems" | "ShowFooter";

export interface FeatureFlagsResult {
  isLoading: boolean;
  isEnabled(name: FeatureName): boolean;
}

/** GET /features/List. */
export const featureFlagsQuery = queryOptions({
  queryKey: queryKeys.features,
  queryFn: () => unwrap(api.GET("/features/List")),
  staleTime: freshWhileOpeningRead,
});

/** GET /features/List; a flag missing from the list, or not yet loaded, is off. */
export function useFeatureFlags(): FeatureFlagsResult {
  const { data, isLoading } = useQuery(featureFlagsQuery);
  return {
    isLoading,
    isEnabled: (name) => data?.some((flag) => flag.name === name && flag.enabled) ?? false,
  };
}

import type { QueryClient } from "@tanstack/react-query";
import { readAtOpening } from "./api/openingReads";
import { currentUserQuery } from "./api/queries/useCurrentUser";
import { featureFlagsQuery } from "./api/queries/useFeatureFlags";
import { instanceSettingsQuery } from "./api/queries/useInstanceSettings";
import { authStore, selectIsAuthenticated, selectUserId } from "./auth/authStore";
import { DEFAULT_BRAND_KEY } from "./brand/brandTypes";
import { brandKeyStore } from "./brand/currentBrandKey";
import { brandQuery } from "./brand/useBrand";

/**
 * What every page's shell reads as it opens (see openingReads.ts): the brand, whose theme
 * the first render needs (read later, every styled element renders twice, the default theme
 * first), the instance settings and, signed in, the user and the feature flags.
 */
export function readShellAtOpening(queryClient: QueryClient): Promise<void>[] {
  const reads = [
    readAtOpening(queryClient, brandQuery(brandKeyStore.getState().currentBrandKey ?? DEFAULT_BRAND_KEY)),
    readAtOpening(queryClient, instanceSettingsQuery),
  ];
  const auth = authStore.getState();
  if (selectIsAuthenticated(auth))
    reads.push(
      readAtOpening(queryClient, currentUserQuery(selectUserId(auth))),
      readAtOpening(queryClient, featureFlagsQuery),
    );
  return reads;
}

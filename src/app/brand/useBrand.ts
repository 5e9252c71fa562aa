import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api/client";
import { isApiError } from "../api/errors";
import { queryKeys } from "../api/queries/queryKeys";
import { useStore } from "../store/useStore";
import { type Brand, DEFAULT_BRAND_KEY } from "./brandTypes";
import { brandKeyStore } from "./currentBrandKey";

async function fetchBrand(brandKey: string): Promise<Brand> {
  try {
    return await unwrap(api.GET("/brands/{brandKey}", { params: { path: { brandKey } } }));
  } catch (error) {
    // A brand deleted since it was chosen falls back to the instance default.
    if (brandKey !== DEFAULT_BRAND_KEY && isApiError(error, "NOT_FOUND")) return fetchBrand(DEFAULT_BRAND_KEY);
    throw error;
  }
}

export interface BrandResult {
  brand: Brand | undefined;
  /** True until the first answer (or failure): images wait rather than flash the fallback. */
  isLoading: boolean;
}

/** GET /brands/{brandKey}, read once per session. */
export function brandQuery(brandKey: string) {
  return queryOptions({
    queryKey: queryKeys.brand(brandKey),
    queryFn: () => fetchBrand(brandKey),
    staleTime: Infinity,
  });
}

/** The brand the shell shows: the stored currentBrandKey, else the instance default (public call). */
export function useBrand(): BrandResult {
  const brandKey = useStore(brandKeyStore, (state) => state.currentBrandKey) ?? DEFAULT_BRAND_KEY;
  const { data, isLoading } = useQuery(brandQuery(brandKey));
  return { brand: data, isLoading };
}

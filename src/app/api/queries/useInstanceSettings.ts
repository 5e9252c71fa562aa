import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { authActions, authStore } from "../../auth/authStore";
import type { InstanceSettings } from "../../auth/authTypes";
import { useStore } from "../../store/useStore";
import { api, unwrap } from "../client";
import { queryKeys } from "./queryKeys";

/** Spec §9: instance settings are cached 7 days (604800 s). */
const INSTANCE_SETTINGS_CACHE_MS = 604_800_000;

/** GET /InstanceSettings (public). */
export const instanceSettingsQuery = queryOptions({
  queryKey: queryKeys.instanceSettings,
  queryFn: () => unwrap(api.GET("/InstanceSettings")),
  staleTime: INSTANCE_SETTINGS_CACHE_MS,
  gcTime: INSTANCE_SETTINGS_CACHE_MS,
});

/**
 * The public instance settings. The copy kept in the auth state (spec §3) shows
 * at once after a reload; null until the first answer.
 */
export function useInstanceSettings(): InstanceSettings | null {
  const stored = useStore(authStore, (state) => state.instanceSettings);
  const { data } = useQuery(instanceSettingsQuery);
  useEffect(() => {
    if (data) authActions.setInstanceSettings(data);
  }, [data]);
  return data ?? stored;
}

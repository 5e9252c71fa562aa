import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../client";
import { queryKeys } from "./queryKeys";

/** GET /buildInfo, fetched only while something shows it (the About drawer). */
export function useBuildInfo(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.buildInfo,
    queryFn: () => unwrap(api.GET("/buildInfo")),
    enabled,
  });
}

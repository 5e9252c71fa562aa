import { QueryClient } from "@tanstack/react-query";

/** Spec §9: the data cache keeps unused data for 60 s. */
const UNUSED_DATA_MS = 60_000;

/**
 * The request layer already retries what may be retried (401 once, 503 until
 * the service answers), so queries do not retry on their own.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: UNUSED_DATA_MS, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

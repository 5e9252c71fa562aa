/**
 * What a page reads as it opens, requested before its first render (src/main.tsx)
 * rather than by the components once they have rendered: those requests then go
 * out together with the scripts' evaluation instead of one render later, and the
 * first render can show the page in full (its brand's theme, the conversation)
 * instead of rendering it twice.
 */
import type { FetchQueryOptions, Query, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * How long data read at opening counts as fresh for the components that show it
 * first. Queries that are otherwise read again whenever a component mounts would
 * each be requested twice on opening: once here, once by the first render.
 */
const OPENING_READ_FRESH_MS = 10_000;

/** The query, and when the data read at opening was stored (a later read replaces it). */
const openingData = new WeakMap<object, number>();

/** Starts reading `options` into the cache; resolves once it is answered (or has failed). */
export async function readAtOpening<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  await queryClient.prefetchQuery(options);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === "success") openingData.set(query, query.state.dataUpdatedAt);
}

/** A `staleTime` for the hooks of queries read at opening: fresh while their data is that read. */
export function freshWhileOpeningRead(query: Pick<Query, "state">): number {
  return openingData.get(query) === query.state.dataUpdatedAt ? OPENING_READ_FRESH_MS : 0;
}

/** Resolves once every read has settled, or after `capMs`, whichever comes first. */
export function settledWithin(reads: readonly Promise<unknown>[], capMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    void Promise.allSettled(reads).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

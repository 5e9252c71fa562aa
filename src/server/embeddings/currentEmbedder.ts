/**
 * The instance's embedder, cached per database: questions and indexing jobs
 * need it often, the setting changes rarely. A change made here is seen at
 * once (forgetEmbedder); one made by another server on the same PostgreSQL
 * within TTL_MS.
 */
import { KeyedCache } from "../cache/keyedCache";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { secretBoxFor } from "../security/secretBoxFor";
import { createEmbedder, type Embedder } from "./embedder";
import { currentEmbeddingModel } from "./embeddingModel";

const TTL_MS = 10_000;
const caches = new WeakMap<Db, KeyedCache<Embedder | null>>();

export function embedderFor(db: Db, config: Pick<Config, "encryptionKey">): Promise<Embedder | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new KeyedCache<Embedder | null>({ ttlMs: TTL_MS, maxEntries: 4 });
    caches.set(db, cache);
  }
  return cache.get(config.encryptionKey, async () => {
    const model = await currentEmbeddingModel(db, secretBoxFor(config));
    return model ? createEmbedder(model) : null;
  });
}

/** After the setting, or the deployment it names, changed in this process. */
export function forgetEmbedder(db: Db): void {
  caches.get(db)?.clear();
}

/**
 * A small in-process cache of promises: concurrent misses for one key share a
 * single load (a burst of requests from one user costs one query), entries live
 * at most `ttlMs`, and `clear()` drops everything at once. A load that was
 * running when `clear()` came is not stored again afterwards: entries are only
 * ever inserted when a load starts.
 */
export interface KeyedCacheOptions {
  /** Upper bound on staleness for changes this process cannot see (another server on the same PostgreSQL). */
  ttlMs: number;
  /** The oldest entry is dropped beyond this many. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  expiresAt: number;
  value: Promise<V>;
}

export class KeyedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: KeyedCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached value, or `load()`'s (which is cached; a failed load is forgotten). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.#now();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    if (cached) this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    const entry: Entry<V> = { expiresAt: now + this.#ttlMs, value: load() };
    this.#entries.set(key, entry);
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.#entries.clear();
  }
}

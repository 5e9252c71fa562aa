/**
 * A small in-process cache of promises: concurrent misses for one key share a
 * single load (a burst of requests from one user costs one query), entries live
 * `ttlMs`, and `clear()` drops everything at once. A load that was running when
 * `clear()` came is not stored again afterwards: entries are only ever inserted
 * when a load starts, and a refresh only lands in the entry it started from.
 *
 * Past half of `ttlMs`, an entry whose value has arrived is still served, until
 * `ttlMs`, while ONE load refreshes it in the background. Without that, every
 * entry's expiry sent the requests of that moment to the database (a question
 * waited for a query behind the statements of hundreds of streaming answers: the
 * slowest 1 % of times to first token). What the TTL bounds stays bounded: a
 * value served was read at most `ttlMs` before (a removed role, a disabled user
 * seen by another server process), and `clear()` still applies at once.
 */
export interface KeyedCacheOptions {
  /** Upper bound on staleness for changes this process cannot see (another server on the same PostgreSQL). */
  ttlMs: number;
  /** The oldest entry is dropped beyond this many. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  /** Served as it is until then (half the TTL after its load started), and while one load refreshes it until a TTL after. */
  expiresAt: number;
  value: Promise<V>;
  /** The value has arrived (a stale entry is served only then). */
  settled: boolean;
  refreshing: boolean;
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
    if (cached) {
      if (cached.expiresAt > now) return cached.value;
      if (cached.settled && cached.expiresAt + this.#ttlMs / 2 > now) {
        this.#refresh(key, cached, load, now);
        return cached.value;
      }
      this.#entries.delete(key);
    }
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    const entry: Entry<V> = { expiresAt: now + this.#ttlMs / 2, value: load(), settled: false, refreshing: false };
    this.#entries.set(key, entry);
    entry.value.then(
      () => (entry.settled = true),
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return entry.value;
  }

  #refresh(key: string, entry: Entry<V>, load: () => Promise<V>, startedAt: number): void {
    if (entry.refreshing) return;
    entry.refreshing = true;
    load().then(
      (value) => {
        if (this.#entries.get(key) !== entry) return; // cleared meanwhile: the value may predate the change
        entry.value = Promise.resolve(value);
        entry.expiresAt = startedAt + this.#ttlMs / 2;
        entry.refreshing = false;
      },
      () => {
        // The next request loads afresh and sees the failure itself.
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** A minimal external store: React reads it through useSyncExternalStore (see useStore). */
export interface Store<T> {
  getState(): T;
  /** Shallow-merges the partial state (or the result of the updater) and notifies subscribers. */
  setState(update: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initialState: T): Store<T> {
  let state = initialState;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(update) {
      const partial = typeof update === "function" ? update(state) : update;
      state = { ...state, ...partial };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

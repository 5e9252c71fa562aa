import { useSyncExternalStore } from "react";
import type { Store } from "./createStore";

/**
 * Subscribes a component to one slice of a store. The selector must return a
 * stable value (a field, not a freshly built object) or React re-renders forever.
 */
export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S {
  const read = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

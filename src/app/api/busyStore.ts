import { createStore } from "../store/createStore";

/**
 * Spec §4 "Other" / §8: a 503 sets a busy flag that is cleared on success.
 * Several requests may wait at once: the flag stays set until the last one is through.
 */
export const busyStore = createStore({ waiting: 0 });

export function enterBusy(): void {
  busyStore.setState((state) => ({ waiting: state.waiting + 1 }));
}

export function leaveBusy(): void {
  busyStore.setState((state) => ({ waiting: Math.max(0, state.waiting - 1) }));
}

export const selectBusy = (state: { waiting: number }): boolean => state.waiting > 0;

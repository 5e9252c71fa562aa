import { onUserDataReset } from "../auth/userDataReset";
import { createStore } from "../store/createStore";

export type ToastVariant = "success" | "info" | "warning" | "error";

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}

/** Spec §9 Toasts: at most 5 stacked, duplicates prevented, auto-hide 3000 ms, default variant success. */
export const MAX_TOASTS = 5;
export const TOAST_AUTO_HIDE_MS = 3000;

export const toastStore = createStore<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/**
 * Shows a toast. A message already on screen with the same variant is not shown
 * twice; beyond five, the oldest one makes room. Returns the toast's id, or
 * null for a duplicate.
 */
export function showToast(message: string, variant: ToastVariant = "success"): number | null {
  const { toasts } = toastStore.getState();
  if (toasts.some((toast) => toast.message === message && toast.variant === variant)) return null;
  const id = nextId++;
  const kept = toasts.slice(Math.max(0, toasts.length - (MAX_TOASTS - 1)));
  for (const dropped of toasts.filter((toast) => !kept.includes(toast))) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  toastStore.setState({ toasts: [...kept, { id, message, variant }] });
  startTimer(id);
  return id;
}

function startTimer(id: number): void {
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_AUTO_HIDE_MS),
  );
}

/** Keeps a toast while the pointer is on it or the keyboard's focus is in it (WCAG 2.2.1: time to read it). */
export function holdToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

/** The pointer or the focus left it: it hides after the full 3000 ms again. */
export function releaseToast(id: number): void {
  if (timers.has(id) || !toastStore.getState().toasts.some((toast) => toast.id === id)) return;
  startTimer(id);
}

/** Removes every toast (used when the session ends and by tests). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toastStore.setState({ toasts: [] });
}

onUserDataReset(clearToasts);

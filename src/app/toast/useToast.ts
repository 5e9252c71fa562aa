import { showToast, type ToastVariant } from "./toastStore";

/** Shows toasts from components: `const toast = useToast(); toast("Agent pinned")`. */
export function useToast(): (message: string, variant?: ToastVariant) => void {
  return showToast;
}

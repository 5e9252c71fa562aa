import Alert from "@mui/material/Alert";
import Grow from "@mui/material/Grow";
import Portal from "@mui/material/Portal";
import Stack from "@mui/material/Stack";
import { useCallback, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "../store/useStore";
import { dismissToast, holdToast, releaseToast, toastStore } from "./toastStore";

/** Between the stack and the window's edge (or the highest area it stays above). */
const GAP = 24;

/**
 * Renders the toast stack at the bottom right (spec §9), newest at the bottom, each closable;
 * above the areas marked `data-toasts-above` where there are any: the chat's message box (on a phone
 * the stack would otherwise cover the whole box, its Send button included, for the toast's 3 seconds)
 * and the conversation's 'Jump to latest' place.
 * Put into the page's body only while there are toasts: an open drawer or dialog hides the rest
 * of the page from screen readers (aria-hidden on the body's other children when it opened), and
 * a stack added after it stays readable ("Agent pinned" from the phone's navigation drawer).
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore, (state) => state.toasts);
  // The portal mounts the stack a render after the toasts come: placed when it mounts, and again with each new toast.
  const stack = useRef<HTMLElement | null>(null);
  const placeStack = useCallback((node: HTMLElement | null) => {
    stack.current = node;
    const above = [...document.querySelectorAll("[data-toasts-above]")];
    if (node && above.length > 0) {
      const top = Math.min(...above.map((area) => area.getBoundingClientRect().top));
      node.style.bottom = `${Math.max(0, window.innerHeight - top) + GAP}px`;
    }
  }, []);
  useLayoutEffect(() => placeStack(stack.current), [toasts, placeStack]);
  if (toasts.length === 0) return null;
  return (
    <Portal>
      <Stack
        ref={placeStack}
        component="section"
        aria-label={t("toast.region")}
        spacing={1}
        sx={{
          position: "fixed",
          insetInlineEnd: 24,
          bottom: GAP,
          zIndex: (theme) => theme.zIndex.snackbar,
          width: "min(400px, calc(100vw - 48px))",
          pointerEvents: "none",
        }}
      >
        {toasts.map((toast) => (
          <Grow in key={toast.id}>
            <Alert
              variant="filled"
              severity={toast.variant}
              onClose={() => dismissToast(toast.id)}
              slotProps={{ closeButton: { "aria-label": t("toast.close") } }}
              onMouseEnter={() => holdToast(toast.id)}
              onMouseLeave={() => releaseToast(toast.id)}
              onFocus={() => holdToast(toast.id)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) releaseToast(toast.id);
              }}
              sx={{ pointerEvents: "auto", boxShadow: 6, alignItems: "center" }}
            >
              {toast.message}
            </Alert>
          </Grow>
        ))}
      </Stack>
    </Portal>
  );
}

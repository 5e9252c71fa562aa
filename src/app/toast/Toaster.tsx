import Alert from "@mui/material/Alert";
import Grow from "@mui/material/Grow";
import Portal from "@mui/material/Portal";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useStore } from "../store/useStore";
import { dismissToast, toastStore } from "./toastStore";

/**
 * Renders the toast stack at the bottom right (spec §9), newest at the bottom, each closable.
 * Put into the page's body only while there are toasts: an open drawer or dialog hides the rest
 * of the page from screen readers (aria-hidden on the body's other children when it opened), and
 * a stack added after it stays readable ("Agent pinned" from the phone's navigation drawer).
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore, (state) => state.toasts);
  if (toasts.length === 0) return null;
  return (
    <Portal>
      <Stack
        component="section"
        aria-label={t("toast.region")}
        spacing={1}
        sx={{
          position: "fixed",
          insetInlineEnd: 24,
          bottom: 24,
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

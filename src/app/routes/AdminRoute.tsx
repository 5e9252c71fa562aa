import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";

// A chunk of its own (spec-level rule in architecture.md: the chat route must not load the admin bundle).
const AdminApp = lazy(() => import("../../admin/AdminApp"));

/** /admin/*: the lazily loaded admin area. */
export function AdminRoute() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Box sx={{ minHeight: "100dvh", display: "grid", placeItems: "center" }}>
          <CircularProgress aria-label={t("app.loadingName")} />
        </Box>
      }
    >
      <AdminApp />
    </Suspense>
  );
}

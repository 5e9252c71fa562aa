import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
// The admin area's wording joins the English resources as this chunk loads (the chat page never needs it).
import "../app/i18n/adminStrings";
import { adminRegistry } from "../generated/adminRegistry";
import { NotFoundScreen } from "../app/layout/NotFoundScreen";
import { paths } from "../app/routes/paths";
import { NavProvider } from "../app/layout/NavProvider";
import { AdminLayout } from "./layout/AdminLayout";
import { ManagementGate } from "./ManagementGate";
import { DashboardPage } from "./pages/DashboardPage";

// react-admin and rjsf load with the first resource page, not with the dashboard.
const ResourceRoutes = lazy(() => import("./resources/ResourceRoutes"));
const ModerationRoutes = lazy(() => import("./resources/moderation/ModerationRoutes"));
const PerformanceTestRunsPage = lazy(() => import("./resources/performanceTests/PerformanceTestRunsPage"));

// Admin pages that are not registry resources but live in the lazy resource chunk (see ResourceRoutes).
const customPageSegments = ["instanceSettings"];
const resourceSegments = new Set([...adminRegistry.map((definition) => definition.path), ...customPageSegments]);

/** A registry resource's pages (lazy), or the 404 screen for any other admin path. */
function ResourceOrNotFound() {
  const { t } = useTranslation();
  const segment = useLocation().pathname.split("/")[2] ?? "";
  if (!resourceSegments.has(segment)) return <NotFoundScreen homePath={paths.admin} />;
  return (
    <Suspense
      fallback={
        <Box sx={{ flex: 1, display: "grid", placeItems: "center" }}>
          <CircularProgress aria-label={t("app.loadingName")} />
        </Box>
      }
    >
      <ResourceRoutes />
    </Suspense>
  );
}

/**
 * The admin area, loaded lazily from the route table so the chat page never
 * downloads it. Routes are relative to /admin: every registry resource gets
 * its list, new and edit pages (ResourceRoutes); other paths show the 404
 * screen inside the admin layout.
 */
export default function AdminApp() {
  return (
    <ManagementGate>
      <NavProvider>
        <AdminLayout>
          <Routes>
            <Route index element={<DashboardPage />} />
            {/* Spec §2: the instance settings index redirects to its apiKeys tab. */}
            <Route path="instanceSettings" element={<Navigate to="apiKeys" replace />} />
            <Route
              path="performanceTest/runs"
              element={
                <Suspense fallback={null}>
                  <PerformanceTestRunsPage />
                </Suspense>
              }
            />
            <Route
              path="moderation/*"
              element={
                <Suspense fallback={null}>
                  <ModerationRoutes />
                </Suspense>
              }
            />
            <Route path="*" element={<ResourceOrNotFound />} />
          </Routes>
        </AdminLayout>
      </NavProvider>
    </ManagementGate>
  );
}

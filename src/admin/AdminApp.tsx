import { Navigate, Route, Routes } from "react-router-dom";
import { NavProvider } from "../app/layout/NavProvider";
import { NotFoundScreen } from "../app/layout/NotFoundScreen";
import { paths } from "../app/routes/paths";
import { AdminLayout } from "./layout/AdminLayout";
import { ManagementGate } from "./ManagementGate";
import { DashboardPage } from "./pages/DashboardPage";

/**
 * The admin area, loaded lazily from the route table so the chat page never
 * downloads it. Routes are relative to /admin; pages not built yet show the
 * 404 screen inside the admin layout.
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
            <Route path="*" element={<NotFoundScreen homePath={paths.admin} />} />
          </Routes>
        </AdminLayout>
      </NavProvider>
    </ManagementGate>
  );
}

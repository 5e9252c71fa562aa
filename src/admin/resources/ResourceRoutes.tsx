import { Navigate, Route } from "react-router-dom";
import { NotFoundScreen } from "../../app/layout/NotFoundScreen";
import { paths } from "../../app/routes/paths";
import { registryResources } from "../dataProvider/registryResources";
import { connectionRoutes } from "./Connections/connectionRoutes";
import { gptSystemRoutes } from "./gptSystems/gptSystemRoutes";
import { InstanceSettingsPage } from "./instanceSettings/InstanceSettingsPage";
import { RegistryAdmin } from "./RegistryAdmin";
import { userRoutes } from "./users/userRoutes";

/**
 * Every registry resource's pages, the instance settings tabs, and the 404
 * screen for the rest of /admin.
 * A lazy chunk of its own (react-admin, rjsf, the schemas): the dashboard
 * does not wait for it.
 */
export default function ResourceRoutes() {
  return (
    <RegistryAdmin resources={registryResources}>
      {gptSystemRoutes(registryResources)}
      {connectionRoutes(registryResources)}
      <Route path="instanceSettings/:tab" element={<InstanceSettingsPage />} />
      {userRoutes()}
      {/* Spec §2 lists templates at /admin/guidelines/templates; the registry resource lives at guidelines/template. */}
      <Route path="guidelines/templates" element={<Navigate to="/admin/guidelines/template" replace />} />
      <Route path="*" element={<NotFoundScreen homePath={paths.admin} />} />
    </RegistryAdmin>
  );
}

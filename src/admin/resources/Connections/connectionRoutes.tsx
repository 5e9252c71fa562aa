import { Route } from "react-router-dom";
import type { AdminResource } from "../../dataProvider/resourceSchema";
import { ConnectionEditPage } from "./ConnectionEditPage";

/** The connection's edit page, with its deployments (the registry renders the list and new pages). */
export function connectionRoutes(resources: readonly AdminResource[]) {
  const connections = resources.find((r) => r.definition.name === "Connections");
  if (!connections) return [];
  return [
    <Route
      key="connection-edit"
      path={`${connections.definition.path}/:id/edit`}
      element={<ConnectionEditPage resource={connections} />}
    />,
  ];
}

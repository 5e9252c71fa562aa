import { lazy } from "react";
import { Route } from "react-router-dom";
import type { AdminResource } from "../../dataProvider/resourceSchema";
import { gptSystemRoutePatterns } from "./gptSystemPaths";

const AgentEditPage = lazy(() => import("./AgentEditPage"));
const PublishPage = lazy(() => import("./PublishPage"));
const UxPage = lazy(() => import("./UxPage"));
const ConfigStateEditPage = lazy(() => import("./ConfigStateEditPage"));

/**
 * Spec §2 /admin/gptsystem pages beyond the registry's list and new: {id}/edit (with its
 * configurations and links; also with the trailing `true`), {id}/publish, {id}/ux and
 * configstate/{id}/edit. Rendered inside ResourceRoutes' Suspense.
 */
export function gptSystemRoutes(resources: readonly AdminResource[]) {
  const agents = resources.find((r) => r.definition.name === "gptSystems");
  const edit = agents && <AgentEditPage resource={agents} />;
  return [
    agents && <Route key="gptsystem-edit" path={gptSystemRoutePatterns.edit} element={edit} />,
    agents && <Route key="gptsystem-edit-true" path={gptSystemRoutePatterns.editTrailing} element={edit} />,
    <Route key="gptsystem-publish" path={gptSystemRoutePatterns.publish} element={<PublishPage />} />,
    <Route key="gptsystem-ux" path={gptSystemRoutePatterns.ux} element={<UxPage />} />,
    <Route
      key="gptsystem-configstate"
      path={gptSystemRoutePatterns.configStateEdit}
      element={<ConfigStateEditPage />}
    />,
  ].filter(Boolean);
}

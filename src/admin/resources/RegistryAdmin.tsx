import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { CoreAdminContext, type DataProvider, localStorageStore, type Store } from "react-admin";
import { Route, Routes } from "react-router-dom";
import { sessionFetch } from "../../app/api/client";
import { onUserDataReset } from "../../app/auth/userDataReset";
import { useChatRefreshAfterAdminWrites } from "../chatRefreshAfterWrites";
import { ADMIN_API_PATH, createAdminDataProvider } from "../dataProvider/adminDataProvider";
import { writeCallbacks } from "../dataProvider/writeCallbacks";
import { createAdminHttpClient } from "../dataProvider/adminHttpClient";
import { type AdminResource, resourceOperations } from "../dataProvider/resourceSchema";
import { createAdminI18nProvider } from "../i18n/adminI18nProvider";
import { NotificationBridge } from "../i18n/NotificationBridge";
import { dataSourceRoutes } from "./dataSources/dataSourceRoutes";
import { ResourceCreate } from "./ResourceCreate";
import { ResourceEdit } from "./ResourceEdit";
import { ResourceList } from "./ResourceList";

const defaultStore = localStorageStore(undefined, "admin");
// The lists' searches, filters and sort (kept in local storage) are the user's own.
onUserDataReset(() => defaultStore.reset());

export interface RegistryAdminProps {
  resources: readonly AdminResource[];
  /** Routes of the admin area that are not registry resources (dashboard, 404, custom pages). */
  children?: ReactNode;
  dataProvider?: DataProvider;
  store?: Store;
}

/**
 * react-admin's data layer under the app's own router, layout and query
 * client, with list/new/edit routes for every registry resource. No
 * <Admin>/<AdminUI>: our layout and navigation stay, and without CoreAdminUI
 * nothing is sent to react-admin's telemetry.
 */
export function RegistryAdmin({ resources, children, dataProvider, store = defaultStore }: RegistryAdminProps) {
  const queryClient = useQueryClient();
  useChatRefreshAfterAdminWrites();
  const provider = useMemo(
    () =>
      dataProvider ??
      createAdminDataProvider(resources, createAdminHttpClient(sessionFetch), ADMIN_API_PATH, writeCallbacks),
    [dataProvider, resources],
  );
  const i18nProvider = useMemo(
    () =>
      createAdminI18nProvider(
        Object.fromEntries(resources.map(({ definition }) => [definition.name, definition.title])),
      ),
    [resources],
  );
  return (
    <CoreAdminContext
      basename="/admin"
      dataProvider={provider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
    >
      <NotificationBridge />
      <Routes>
        {dataSourceRoutes(resources)}
        {/* Custom routes first: where one matches a path exactly like a registry route, it wins (the agent edit page). */}
        {children}
        {resources.flatMap((resource) => {
          const { path } = resource.definition;
          const operations = resourceOperations(resource.definition);
          // A read-only family (the audit log) has its list only: no create or edit screens.
          return [
            <Route key={`${path}-list`} path={path} element={<ResourceList resource={resource} />} />,
            operations.create && (
              <Route key={`${path}-new`} path={`${path}/new`} element={<ResourceCreate resource={resource} />} />
            ),
            operations.update && (
              <Route key={`${path}-edit`} path={`${path}/:id/edit`} element={<ResourceEdit resource={resource} />} />
            ),
          ].filter(Boolean);
        })}
      </Routes>
    </CoreAdminContext>
  );
}

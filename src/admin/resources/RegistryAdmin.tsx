import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { CoreAdminContext, type DataProvider, defaultI18nProvider, localStorageStore, type Store } from "react-admin";
import { Route, Routes } from "react-router-dom";
import { sessionFetch } from "../../app/api/client";
import { createAdminDataProvider } from "../dataProvider/adminDataProvider";
import { createAdminHttpClient } from "../dataProvider/adminHttpClient";
import type { AdminResource } from "../dataProvider/resourceSchema";
import { ResourceCreate } from "./ResourceCreate";
import { ResourceEdit } from "./ResourceEdit";
import { ResourceList } from "./ResourceList";

const defaultStore = localStorageStore(undefined, "admin");

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
  const provider = useMemo(
    () => dataProvider ?? createAdminDataProvider(resources, createAdminHttpClient(sessionFetch)),
    [dataProvider, resources],
  );
  return (
    <CoreAdminContext
      basename="/admin"
      dataProvider={provider}
      i18nProvider={defaultI18nProvider}
      queryClient={queryClient}
      store={store}
    >
      <Routes>
        {resources.flatMap((resource) => {
          const { path } = resource.definition;
          return [
            <Route key={`${path}-list`} path={path} element={<ResourceList resource={resource} />} />,
            <Route key={`${path}-new`} path={`${path}/new`} element={<ResourceCreate resource={resource} />} />,
            <Route key={`${path}-edit`} path={`${path}/:id/edit`} element={<ResourceEdit resource={resource} />} />,
          ];
        })}
        {children}
      </Routes>
    </CoreAdminContext>
  );
}

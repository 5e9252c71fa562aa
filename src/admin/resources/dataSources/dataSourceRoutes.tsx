import { Navigate, Route, useParams } from "react-router-dom";
import type { AdminResource } from "../../dataProvider/resourceSchema";
import { FileLibraryPage } from "../fileLibraries/FileLibraryPage";
import { dataSourceEditPath, dataSourceNewPath } from "./dataSourcePaths";
import { NewDataSourcePage } from "./NewDataSourcePage";

/** The generic edit route of a library opens its file page (files, indexes, re-index). */
function ToFileLibrary() {
  const { id = "" } = useParams();
  return <Navigate to={dataSourceEditPath(id)} replace />;
}

/**
 * Spec §2 /admin/datasource routes beyond the registry's list: new (the admin
 * stream), {dataSourceType}/{endpointsType}/new and .../{dataSourceId}/edit.
 * Placed before the registry's routes so that `new` and `{id}/edit` of the
 * datasource resource come here; the library page still shows the registry's form.
 */
export const dataSourceRoutes = (resources: readonly AdminResource[]) => [
  <Route key="datasource-new" path="datasource/new" element={<Navigate to={dataSourceNewPath()} replace />} />,
  <Route key="datasource-edit" path="datasource/:id/edit" element={<ToFileLibrary />} />,
  <Route
    key="datasource-typed-new"
    path="datasource/:dataSourceType/:endpointsType/new"
    element={<NewDataSourcePage />}
  />,
  <Route
    key="datasource-typed-edit"
    path="datasource/:dataSourceType/:endpointsType/:id/edit"
    element={<FileLibraryPage resource={resources.find((r) => r.definition.name === "dataSources")} />}
  />,
];

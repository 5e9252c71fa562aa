/** Spec §2 routes under /admin/datasource for file libraries (type FileLibrary, default endpoints). */
export const DEFAULT_DATA_SOURCE_TYPE = "FileLibrary";
export const DEFAULT_ENDPOINTS_TYPE = "default";

export const dataSourceNewPath = (dataSourceType = DEFAULT_DATA_SOURCE_TYPE, endpointsType = DEFAULT_ENDPOINTS_TYPE) =>
  `/admin/datasource/${dataSourceType}/${endpointsType}/new`;

export const dataSourceEditPath = (
  dataSourceId: string,
  dataSourceType = DEFAULT_DATA_SOURCE_TYPE,
  endpointsType = DEFAULT_ENDPOINTS_TYPE,
) => `/admin/datasource/${dataSourceType}/${endpointsType}/${dataSourceId}/edit`;

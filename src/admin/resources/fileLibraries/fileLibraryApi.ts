/** The file-library calls of the admin screen as React Query hooks (typed by the generated contract). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { API_BASE_PATH, api, sessionFetch, unwrap } from "../../../app/api/client";
import { ApiError } from "../../../app/api/errors";
import { readResponseBody } from "../../../app/api/responseBody";
import type { components } from "../../../generated/api";

type Schemas = components["schemas"];
export type DataSource = Schemas["DataSource"];
export type DataSourceFile = Schemas["DataSourceFile"];
export type FileIndexStatus = Schemas["FileIndexStatus"];
export type DataSourceStatus = Schemas["DataSourceStatus"];

/** react-admin's cache key of the registry's dataSources resource (list and form). */
export const REGISTRY_RESOURCE = "dataSources";

/** While any file is still being indexed, the list is read again this often. */
export const PENDING_REFRESH_MS = 1500;

export const fileLibraryKeys = {
  all: ["fileLibraries"] as const,
  library: (id: string) => ["fileLibraries", id] as const,
  files: (id: string) => ["fileLibraries", id, "files"] as const,
};

const isPending = (f: DataSourceFile) => f.textIndexStatus === "Queued" || f.textIndexStatus === "Processing";

export function useFileLibrary(dataSourceId: string) {
  return useQuery({
    queryKey: fileLibraryKeys.library(dataSourceId),
    queryFn: () => unwrap(api.GET("/admin/dataSources/{dataSourceId}", { params: { path: { dataSourceId } } })),
    retry: false,
  });
}

export function useLibraryFiles(dataSourceId: string) {
  const queryClient = useQueryClient();
  const files = useQuery({
    queryKey: fileLibraryKeys.files(dataSourceId),
    queryFn: () =>
      unwrap(
        api.GET("/admin/dataSources/{dataSourceId}/files", {
          params: { path: { dataSourceId }, query: { top: 1000 } },
        }),
      ),
    refetchInterval: (query) => (query.state.data?.some(isPending) ? PENDING_REFRESH_MS : false),
  });
  // The library's status and file count roll up its files: read them again when indexing settles.
  const pending = files.data?.some(isPending) ?? false;
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) {
      void queryClient.invalidateQueries({ queryKey: fileLibraryKeys.library(dataSourceId), exact: true });
      void queryClient.invalidateQueries({ queryKey: [REGISTRY_RESOURCE] });
    }
    wasPending.current = pending;
  }, [pending, dataSourceId, queryClient]);
  return files;
}

/** Library and file list are read again after any change (status roll-up, counts). */
function useRefresh(dataSourceId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fileLibraryKeys.library(dataSourceId) }),
      queryClient.invalidateQueries({ queryKey: [REGISTRY_RESOURCE] }),
    ]);
}

/** Multipart upload, one request per file (each is sniffed and limited on its own). */
async function uploadOne(dataSourceId: string, file: File): Promise<DataSourceFile> {
  const form = new FormData();
  form.append("file", file, file.name);
  const url = new URL(`${API_BASE_PATH}/admin/dataSources/${dataSourceId}/files`, window.location.origin);
  const response = await sessionFetch(new Request(url, { method: "POST", body: form }));
  if (!response.ok) throw new ApiError(response.status, await readResponseBody(response));
  return (await response.json()) as DataSourceFile;
}

export function useUploadFiles(dataSourceId: string) {
  const refresh = useRefresh(dataSourceId);
  return useMutation({
    mutationFn: async (files: File[]) => {
      const failures: { fileName: string; error: unknown }[] = [];
      for (const file of files) {
        try {
          await uploadOne(dataSourceId, file);
        } catch (error) {
          failures.push({ fileName: file.name, error });
        }
      }
      return failures;
    },
    onSettled: refresh,
  });
}

export function useReindex(dataSourceId: string) {
  const refresh = useRefresh(dataSourceId);
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST("/admin/dataSources/{dataSourceId}/reindex", { params: { path: { dataSourceId } } })),
    onSettled: refresh,
  });
}

export function useDeleteFile(dataSourceId: string) {
  const refresh = useRefresh(dataSourceId);
  return useMutation({
    mutationFn: (fileId: string) =>
      unwrap(
        api.DELETE("/admin/dataSources/{dataSourceId}/files/{fileId}", {
          params: { path: { dataSourceId, fileId } },
        }),
      ),
    onSettled: refresh,
  });
}

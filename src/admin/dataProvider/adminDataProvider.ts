import simpleRestProvider from "ra-data-simple-rest";
import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from "react-admin";
import type { AdminHttpClient } from "./adminHttpClient";
import type { AfterWrite } from "./writeCallbacks";
import { type AdminResource, type ResourceSchema, toRequestBody } from "./resourceSchema";

/** Spec §2: the instance settings tabs, in their order. */
export const INSTANCE_SETTINGS_TABS = ["apiKeys", "hipaa", "branding", "agents", "budget", "personalAgents"] as const;
export type InstanceSettingsTab = (typeof INSTANCE_SETTINGS_TABS)[number];

/** The admin API: ra-data-simple-rest collections under /api/internal/admin (openapi/README.md). */
export const ADMIN_API_PATH = "/api/internal/admin";

type ApiRecord = Record<string, unknown>;

/**
 * ra-data-simple-rest with what our contract adds: each resource names its own
 * id field (react-admin wants `id`), request bodies are strict, so only
 * declared, writable properties are sent, and a resource's `afterWrite`
 * side effects (uploads) run after its create and update.
 */
export function createAdminDataProvider(
  resources: readonly AdminResource[],
  httpClient: AdminHttpClient,
  apiUrl: string = ADMIN_API_PATH,
  afterWrite: Readonly<Record<string, AfterWrite>> = {},
) {
  const base = simpleRestProvider(apiUrl, httpClient as Parameters<typeof simpleRestProvider>[1]);
  const byName = new Map(resources.map((resource) => [resource.definition.name, resource]));

  // react-admin types each method's records generically; ours are the API's records with `id` added.
  const withId = <R extends RaRecord>(resource: string, record: unknown): R => {
    const entry = byName.get(resource);
    const data = (record ?? {}) as ApiRecord;
    const id = entry ? data[entry.definition.idField] : data.id;
    return { ...data, id: id as Identifier } as unknown as R;
  };
  const body = (resource: string, data: ApiRecord): ApiRecord => {
    const entry = byName.get(resource);
    return entry ? toRequestBody(entry.schema, data) : data;
  };
  const url = (resource: string, id: Identifier) => `${apiUrl}/${resource}/${encodeURIComponent(String(id))}`;
  const idOf = (resource: string, record: ApiRecord): Identifier =>
    record[byName.get(resource)?.definition.idField ?? "id"] as Identifier;
  const afterSave = async (resource: string, data: ApiRecord, saved: ApiRecord, previous?: ApiRecord) => {
    const callback = afterWrite[resource];
    if (!callback) return saved;
    return callback({ id: idOf(resource, saved), data, previous, saved, httpClient, apiUrl });
  };

  return {
    ...base,
    getList: async <R extends RaRecord>(resource: string, params: GetListParams) => {
      const result = await base.getList(resource, params);
      return { ...result, data: result.data.map((record) => withId<R>(resource, record)) };
    },
    getOne: async <R extends RaRecord>(resource: string, params: GetOneParams) => {
      const result = await base.getOne(resource, params);
      return { data: withId<R>(resource, result.data) };
    },
    // The collections filter by their own fields only: fetch the few records one by one.
    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams) => {
      const records = await Promise.all(params.ids.map((id) => base.getOne(resource, { id, signal: params.signal })));
      return { data: records.map((record) => withId<R>(resource, record.data)) };
    },
    getManyReference: async <R extends RaRecord>(resource: string, params: GetManyReferenceParams) => {
      const result = await base.getManyReference(resource, params);
      return { ...result, data: result.data.map((record) => withId<R>(resource, record)) };
    },
    update: async <R extends RaRecord>(resource: string, params: UpdateParams) => {
      const data = params.data as ApiRecord;
      const { json } = await httpClient(url(resource, params.id), {
        method: "PUT",
        body: JSON.stringify(body(resource, data)),
      });
      const saved = await afterSave(resource, data, json as ApiRecord, params.previousData as ApiRecord | undefined);
      return { data: withId<R>(resource, saved) };
    },
    updateMany: async (resource, params) => {
      await Promise.all(
        params.ids.map((id) =>
          httpClient(url(resource, id), {
            method: "PUT",
            body: JSON.stringify(body(resource, params.data as ApiRecord)),
          }),
        ),
      );
      return { data: params.ids };
    },
    create: async <R extends RaRecord>(resource: string, params: CreateParams) => {
      const data = params.data as ApiRecord;
      const { json } = await httpClient(`${apiUrl}/${resource}`, {
        method: "POST",
        body: JSON.stringify(body(resource, data)),
      });
      const saved = await afterSave(resource, data, json as ApiRecord);
      return { data: withId<R>(resource, saved) };
    },
    delete: async <R extends RaRecord>(resource: string, params: DeleteParams) => {
      await httpClient(url(resource, params.id), { method: "DELETE" });
      return { data: withId<R>(resource, params.previousData ?? { id: params.id }) };
    },
    /** One instance settings tab (spec §2: apiKeys, hipaa, branding, agents, budget, personalAgents). */
    getInstanceSettings: async (tab: InstanceSettingsTab): Promise<ApiRecord> => {
      const { json } = await httpClient(`${apiUrl}/instanceSettings/${tab}`);
      return json as ApiRecord;
    },
    /** Saves one tab; the body holds its writable fields only. */
    updateInstanceSettings: async (
      tab: InstanceSettingsTab,
      schema: ResourceSchema,
      data: ApiRecord,
    ): Promise<ApiRecord> => {
      const { json } = await httpClient(`${apiUrl}/instanceSettings/${tab}`, {
        method: "PUT",
        body: JSON.stringify(toRequestBody(schema, data)),
      });
      return json as ApiRecord;
    },
    /** A connection's deployments (its models), by display name. */
    getConnectionDeployments: async (connectionId: Identifier): Promise<ApiRecord[]> => {
      const { json } = await httpClient(`${url("Connections", connectionId)}/deployments`);
      return json as ApiRecord[];
    },
    /** Adds a deployment to a connection; the body holds the deployment schema's writable fields only. */
    createConnectionDeployment: async (
      connectionId: Identifier,
      schema: ResourceSchema,
      data: ApiRecord,
    ): Promise<ApiRecord> => {
      const { json } = await httpClient(`${url("Connections", connectionId)}/deployments`, {
        method: "POST",
        body: JSON.stringify(toRequestBody(schema, data)),
      });
      return json as ApiRecord;
    },
    /** Changes a deployment (its display name, whether it accepts images; a new model name unless an agent uses it). */
    updateConnectionDeployment: async (
      connectionId: Identifier,
      deploymentId: string,
      schema: ResourceSchema,
      data: ApiRecord,
    ): Promise<ApiRecord> => {
      const { json } = await httpClient(
        `${url("Connections", connectionId)}/deployments/${encodeURIComponent(deploymentId)}`,
        { method: "PUT", body: JSON.stringify(toRequestBody(schema, data)) },
      );
      return json as ApiRecord;
    },
    /** Removes a deployment; the server refuses (409) while an agent's configuration uses it. */
    deleteConnectionDeployment: async (connectionId: Identifier, deploymentId: string): Promise<ApiRecord> => {
      const { json } = await httpClient(
        `${url("Connections", connectionId)}/deployments/${encodeURIComponent(deploymentId)}`,
        { method: "DELETE" },
      );
      return json as ApiRecord;
    },
    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => httpClient(url(resource, id), { method: "DELETE" })));
      return { data: params.ids };
    },
  } satisfies DataProvider;
}

/** The admin data provider with its extra (non-CRUD) methods, for `useDataProvider<AdminDataProvider>()`. */
export type AdminDataProvider = ReturnType<typeof createAdminDataProvider>;

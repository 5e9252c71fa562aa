import type { Identifier } from "react-admin";
import type { AdminResourceDefinition } from "../registryTypes";

/** Spec §2 admin routes: /admin/<path>, /admin/<path>/new, /admin/<path>/{id}/edit. */
export const resourcePaths = (definition: Pick<AdminResourceDefinition, "path">) => ({
  list: `/admin/${definition.path}`,
  create: `/admin/${definition.path}/new`,
  edit: (id: Identifier) => `/admin/${definition.path}/${encodeURIComponent(String(id))}/edit`,
});

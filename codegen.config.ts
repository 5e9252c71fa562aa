/** Where codegen reads the contract and writes what it derives (see scripts/codegen.ts). */
export default {
  /** The root document: info, servers, security, shared components. */
  root: "openapi/openapi.yaml",
  /** Fragments merged into the root: each holds `paths` and/or `components`. */
  fragments: ["openapi/paths", "openapi/schemas"],
  out: {
    /** The bundled contract the server routes from and the contract tests read. */
    bundle: "src/generated/openapi.json",
    /** openapi-typescript's `paths`/`components` types for openapi-fetch. */
    types: "src/generated/api.ts",
    /** The admin resource registry, from `x-admin-resource` on schemas. */
    registry: "src/generated/adminRegistry.ts",
    /** One dereferenced JSON Schema per component schema (rjsf forms). */
    schemas: "src/schemas",
  },
} as const;

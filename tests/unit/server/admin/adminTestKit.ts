/** Shared calls for the admin test files: inject with a token, read the audit log. */
import { desc, eq } from "drizzle-orm";
import { auditLog } from "../../../../src/server/db/schema";
import type { TestApp } from "../../../helpers/buildTestApp";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function adminApi(t: TestApp, defaultToken: () => string) {
  return (method: Method, url: string, payload?: unknown, token = defaultToken()) =>
    t.app.inject({
      method,
      url: `/api/internal/admin${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** `?sort=..&range=..&filter=..` as ra-data-simple-rest writes it. */
export function listQuery(options: { sort?: [string, string]; range?: [number, number]; filter?: object }): string {
  const params = new URLSearchParams();
  if (options.sort) params.set("sort", JSON.stringify(options.sort));
  if (options.range) params.set("range", JSON.stringify(options.range));
  if (options.filter) params.set("filter", JSON.stringify(options.filter));
  return `?${params.toString()}`;
}

/** The newest audit entries about one entity, newest first. */
export async function auditOf(t: TestApp, entityId: string) {
  return t.deps.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(desc(auditLog.occurredAt));
}

/** 1x1 images of each accepted type (real files' first bytes are what the server sniffs). */
export const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
export const GIF_1PX = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
  "base64",
);

/**
 * The list / get / create / update / delete handlers an admin resource
 * shares: ra-data-simple-rest paging (`Content-Range`), 201 on create, and
 * every change audited with the record before and after, in the same
 * transaction. The family and id parameter come from the schema's
 * `x-admin-resource`; a resource says only what is its own: how to list,
 * load, insert, change and remove its rows.
 */
import type { FastifyRequest } from "fastify";
import { auditedChange, type Tx } from "../../admin/audit";
import { parseListQuery, sendPage, type ListRequest, type ListSpec } from "../../admin/listQuery";
import type { Db } from "../../db/client";
import { adminRegistry } from "../../../generated/adminRegistry";
import type { operations } from "../../../generated/api";
import type { Handler, HandlerContext } from "../../http/types";
import type { Warning } from "../adminWarnings/warning";

type Queryable = Pick<Db, "select">;

export interface AuditedResource<R extends object, B> {
  /** The audit log's entity type. */
  entityType: string;
  listSpec: ListSpec;
  list(db: Db, list: ListRequest, ctx: HandlerContext): Promise<{ total: number; rows: R[] }>;
  /** The record as answered; 404 when there is none. */
  load(db: Queryable, id: string, ctx: HandlerContext): Promise<R>;
  /** Checks the body and inserts; answers the new id. */
  insert(tx: Tx, body: B, ctx: HandlerContext): Promise<string>;
  /** Checks the body and writes it over the record `before`. */
  change(tx: Tx, id: string, body: B, before: R, ctx: HandlerContext): Promise<void>;
  /** Deletes the record (after any refusal of its own). */
  remove(tx: Tx, id: string, before: R, ctx: HandlerContext): Promise<void>;
  /** What the audit entry shows of a saved record (e.g. that a secret was set). */
  audited?(record: R, body: B): unknown;
  /** Valid but doubtful choices, answered beside the saved record (spec §8). */
  warnings?(tx: Tx, record: R, ctx: HandlerContext): Promise<Warning[]>;
}

/** The five operationIds of a resource, spelled as the contract spells them: `listAdminBrands`, `getAdminBrand`, … */
type CrudOperationIds<One extends string, Many extends string> =
  `list${Many}` | `get${One}` | `create${One}` | `update${One}` | `delete${One}`;

/**
 * Compiles only when every derived operationId is an operation of the contract. `schema` names
 * the record's component schema when it is not `one`.
 */
export type CheckedNames<One extends string, Many extends string> =
  CrudOperationIds<One, Many> extends keyof operations ? { one: One; many: Many; schema?: string } : never;

/** The Content-Range family and the id's path parameter: the schema's `x-admin-resource` name and idField. */
function adminResourceOf(schema: string): { family: string; idParam: string } {
  const resource = adminRegistry.find((r) => r.schema === schema);
  if (!resource) throw new Error(`${schema} declares no x-admin-resource`);
  return { family: resource.name, idParam: resource.idField };
}

/** A save answers the record, with `warnings` only when there are some. */
const withWarnings = <R extends object>(record: R, warnings: Warning[] = []): R =>
  warnings.length > 0 ? { ...record, warnings } : record;

/**
 * The handlers of `list<many>`, `get<one>`, `create<one>`, `update<one>` and
 * `delete<one>` (e.g. one "AdminBrand", many "AdminBrands").
 */
export function auditedCrud<R extends object, B, One extends string, Many extends string>(
  names: CheckedNames<One, Many>,
  resource: AuditedResource<R, B>,
): Record<CrudOperationIds<One, Many>, Handler> {
  const { one, many, schema } = names as { one: One; many: Many; schema?: string };
  const { family, idParam } = adminResourceOf(schema ?? one);
  const idOf = (request: FastifyRequest) => (request.params as Record<string, string>)[idParam]!;
  const audited = (record: R, body: B) => (resource.audited ? resource.audited(record, body) : record);
  const handlers: Record<string, Handler> = {
    async [`list${many}`](request, reply, ctx) {
      const list = parseListQuery(request.query, resource.listSpec);
      const { total, rows } = await resource.list(ctx.deps.database.db, list, ctx);
      return sendPage(reply, family, list, total, rows);
    },

    async [`get${one}`](request, _reply, ctx) {
      return resource.load(ctx.deps.database.db, idOf(request), ctx);
    },

    async [`create${one}`](request, reply, ctx) {
      const body = request.body as B;
      const created = await auditedChange(ctx, async (tx, audit) => {
        const id = await resource.insert(tx, body, ctx);
        const after = await resource.load(tx, id, ctx);
        await audit({
          entityType: resource.entityType,
          entityId: id,
          operation: "Create",
          after: audited(after, body),
        });
        return withWarnings(after, await resource.warnings?.(tx, after, ctx));
      });
      reply.code(201);
      return created;
    },

    async [`update${one}`](request, _reply, ctx) {
      const id = idOf(request);
      const body = request.body as B;
      return auditedChange(ctx, async (tx, audit) => {
        const before = await resource.load(tx, id, ctx);
        await resource.change(tx, id, body, before, ctx);
        const after = await resource.load(tx, id, ctx);
        await audit({
          entityType: resource.entityType,
          entityId: id,
          operation: "Update",
          before,
          after: audited(after, body),
        });
        return withWarnings(after, await resource.warnings?.(tx, after, ctx));
      });
    },

    async [`delete${one}`](request, _reply, ctx) {
      const id = idOf(request);
      return auditedChange(ctx, async (tx, audit) => {
        const before = await resource.load(tx, id, ctx);
        await resource.remove(tx, id, before, ctx);
        await audit({ entityType: resource.entityType, entityId: id, operation: "Delete", before });
        return before;
      });
    },
  };
  return handlers as Record<CrudOperationIds<One, Many>, Handler>;
}

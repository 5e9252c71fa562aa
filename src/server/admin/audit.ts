/**
 * The configuration audit log. Every admin mutation runs in `auditedChange`,
 * which writes its entries in the same transaction as the change and refuses
 * to commit a change that recorded none, so no handler can forget it.
 */
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import type { HandlerContext } from "../http/types";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type AuditOperation = "Create" | "Update" | "Delete" | "Publish";

export interface AuditEntry {
  entityType: string;
  entityId: string;
  operation: AuditOperation;
  before?: unknown;
  after?: unknown;
}

export const REDACTED = "[redacted]";
/** Fields whose values never reach the log: keys, passwords and their hashes. */
const SECRET_FIELDS = new Set([
  "apiKey",
  "encryptedApiKey",
  "password",
  "passwordHash",
  "bingSearchKey",
  "claudeKey",
  "clientSecret",
]);
/** Image bytes would bloat the log without telling anyone anything. */
const BINARY_FIELDS = new Set(["base64", "avatarBase64", "content"]);

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [
        k,
        SECRET_FIELDS.has(k) && v !== null && v !== ""
          ? REDACTED
          : BINARY_FIELDS.has(k) && typeof v === "string"
            ? `[${v.length} base64 characters]`
            : redact(v),
      ]),
  );
}

export type Audit = (entry: AuditEntry) => Promise<void>;

export async function auditedChange<T>(ctx: HandlerContext, change: (tx: Tx, audit: Audit) => Promise<T>): Promise<T> {
  const actor = ctx.user;
  return ctx.deps.database.db.transaction(async (tx) => {
    let recorded = 0;
    const audit: Audit = async (entry) => {
      await tx.insert(auditLog).values({
        actorUserId: actor?.userId ?? null,
        actorDisplayName: actor?.displayName ?? "system",
        entityType: entry.entityType,
        entityId: entry.entityId,
        operation: entry.operation,
        before: entry.before === undefined ? null : redact(entry.before),
        after: entry.after === undefined ? null : redact(entry.after),
        requestId: ctx.requestId,
      });
      recorded += 1;
    };
    const result = await change(tx, audit);
    if (recorded === 0) throw new Error("an administrative change must write an audit entry");
    return result;
  });
}

/**
 * Which files a question is answered from: the FileSearch attachments of the
 * conversation's path so far, the agent's own files, and the files of its file libraries.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { configStates } from "../db/chatSchema";
import type { Db } from "../db/client";
import { attachments } from "../db/filesSchema";

export async function fileSearchAttachmentIds(
  db: Db,
  ownerUserId: string,
  segments: readonly { attachmentIds: string[] }[],
): Promise<string[]> {
  const ids = [...new Set(segments.flatMap((s) => s.attachmentIds))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: attachments.attachmentId })
    .from(attachments)
    .where(
      and(
        inArray(attachments.attachmentId, ids),
        eq(attachments.ownerUserId, ownerUserId),
        eq(attachments.type, "FileSearch"),
        isNull(attachments.dataSourceId),
      ),
    );
  return rows.map((r) => r.id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whose GptSystem-context uploads a configuration may search: any for a System
 * agent (administrators configure those), only its creator's own for a personal
 * (User) agent, so naming someone else's attachment id in a configuration reveals nothing.
 */
async function agentFilesOwner(db: Db, configStateId: string | null): Promise<SQL | undefined> {
  if (!configStateId) return undefined;
  const [config] = await db
    .select({ type: configStates.configStateType, createdBy: configStates.createdByUserId })
    .from(configStates)
    .where(eq(configStates.configStateId, configStateId));
  if (!config) return undefined;
  if (config.type === "System") return sql`true`;
  return config.createdBy ? eq(attachments.ownerUserId, config.createdBy) : undefined;
}

/**
 * The files a configuration's dataSources name: every file of each named library,
 * and the agent's own FileSearch attachments (uploaded with context GptSystem) named by id.
 */
export async function agentFileIds(
  db: Db,
  configuredIds: readonly string[],
  configStateId: string | null,
): Promise<string[]> {
  // Configurations may name libraries that were deleted since, or ids that are not uuids at all.
  const ids = [...new Set(configuredIds.filter((id) => UUID.test(id)))];
  if (ids.length === 0) return [];
  const owner = await agentFilesOwner(db, configStateId);
  const rows = await db
    .select({ id: attachments.attachmentId })
    .from(attachments)
    .where(
      or(
        inArray(attachments.dataSourceId, ids),
        owner
          ? and(
              inArray(attachments.attachmentId, ids),
              eq(attachments.context, "GptSystem"),
              eq(attachments.type, "FileSearch"),
              owner,
            )
          : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The files a run sees: the CodeInterpreter attachments of the conversation's
 * path, the caller's own only, copied from the blob store under unique names.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { attachments } from "../db/filesSchema";
import type { BlobStore } from "../storage/blobStore";
import { safeFileName } from "../uploads/safeFileName";
import type { SandboxInputFile } from "./sandbox";

export async function codeInterpreterAttachments(
  db: Db,
  ownerUserId: string,
  segments: readonly { attachmentIds: string[] }[],
): Promise<(typeof attachments.$inferSelect)[]> {
  const ids = [...new Set(segments.flatMap((s) => s.attachmentIds))];
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(
      and(
        inArray(attachments.attachmentId, ids),
        eq(attachments.ownerUserId, ownerUserId),
        eq(attachments.type, "CodeInterpreter"),
        isNull(attachments.dataSourceId),
      ),
    );
}

/** Two uploads named data.csv become data.csv and data (2).csv. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const name = safeFileName(raw.replace(/\//g, "_"));
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; used.has(candidate); n += 1) candidate = `${stem} (${n})${ext}`;
    used.add(candidate);
    return candidate;
  });
}

export async function loadInputFiles(
  store: BlobStore,
  rows: readonly (typeof attachments.$inferSelect)[],
): Promise<SandboxInputFile[]> {
  const names = uniqueNames(rows.map((row) => row.originalFileName));
  return Promise.all(rows.map(async (row, i) => ({ name: names[i]!, bytes: await store.get(row.blobKey) })));
}

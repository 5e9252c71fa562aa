/**
 * Keeps what a run wrote: each file in the blob store with its owner,
 * conversation and segment recorded; raster images also get an unguessable
 * key for their /generatedImages URL.
 */
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../db/client";
import { generatedFiles } from "../db/codeInterpreterSchema";
import type { BlobStore } from "../storage/blobStore";
import { extensionOf } from "../uploads/safeFileName";
import { uniqueNames } from "./inputFiles";
import type { SandboxFile } from "./sandbox";

/** Shown inline; anything else (SVG and HTML included: they can carry script) is only ever a download. */
const RASTER_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

const TEXT_TYPES: Record<string, string> = { csv: "text/csv", txt: "text/plain", json: "application/json", md: "text/markdown" };

export type GeneratedFileRow = typeof generatedFiles.$inferSelect;

export interface FileOwner {
  ownerUserId: string;
  conversationId: string;
  conversationSegmentId: string;
  runId: string;
}

async function mimeTypeOf(bytes: Buffer, fileName: string): Promise<string> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) return sniffed.mime;
  return TEXT_TYPES[extensionOf(fileName)] ?? "application/octet-stream";
}

export function isInlineImage(mimeType: string): boolean {
  return RASTER_IMAGES.has(mimeType);
}

export function generatedImageUrl(file: Pick<GeneratedFileRow, "conversationId" | "conversationSegmentId" | "imageKey" | "fileName">): string {
  return `/generatedImages/${file.conversationId}/${file.conversationSegmentId}/${file.imageKey}/${encodeURIComponent(file.fileName)}`;
}

export async function keepGeneratedFiles(
  db: Db,
  store: BlobStore,
  owner: FileOwner,
  files: readonly SandboxFile[],
  takenNames: Set<string>,
): Promise<GeneratedFileRow[]> {
  if (files.length === 0) return [];
  // Names stay unique within the answer, across runs, so every download link is unambiguous.
  const names = uniqueNames([...takenNames, ...files.map((f) => f.path)]).slice(takenNames.size);
  const rows: GeneratedFileRow[] = [];
  for (const [i, file] of files.entries()) {
    const fileName = names[i]!;
    takenNames.add(fileName);
    const mimeType = await mimeTypeOf(file.bytes, fileName);
    const blobKey = await store.put(file.bytes);
    const [row] = await db
      .insert(generatedFiles)
      .values({
        ...owner,
        fileName,
        mimeType,
        byteSize: file.bytes.length,
        blobKey,
        imageKey: isInlineImage(mimeType) ? randomBytes(32).toString("base64url") : null,
      })
      .returning();
    rows.push(row!);
  }
  return rows;
}

/** Vision images: upload (sniffed, re-encoded, thumbnailed), owner-only reads, and loading them for a model. */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { components } from "../../../generated/api";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { visionImages } from "../../db/filesSchema";
import { problem } from "../../http/problem";
import type { ImagePart } from "../../llm/types";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { readUpload } from "../../uploads/readUpload";
import { reencodeImage } from "../../uploads/reencodeImage";
import { sniffImage } from "../../uploads/sniffContent";

type Schemas = components["schemas"];
export type VisionImageRow = typeof visionImages.$inferSelect;

const noSuchImage = () => problem(404, "Not Found", "No such vision image.");

export async function uploadVisionImage(
  request: FastifyRequest,
  db: Db,
  config: Config,
  ownerUserId: string,
): Promise<Schemas["VisionImage"]> {
  const upload = await readUpload(request, config.uploadLimits.image);
  const sniffed = await sniffImage(upload.bytes);
  const { image, thumbnail } = await reencodeImage(upload.bytes, sniffed);
  const blobs = blobStoreFor(config);
  const blobKey = await blobs.put(image.bytes);
  const thumbnailBlobKey = await blobs.put(thumbnail.bytes).catch(async (error: unknown) => {
    await blobs.delete(blobKey);
    throw error;
  });
  const visionImageId = randomUUID();
  const [row] = await db
    .insert(visionImages)
    .values({
      visionImageId,
      ownerUserId,
      // Names the server makes; nothing of the client's file name survives.
      blobFileName: `${visionImageId}.${image.extension}`,
      blobKey,
      mimeType: image.mimeType,
      thumbnailBlobFileName: `${visionImageId}-thumbnail.${thumbnail.extension}`,
      thumbnailBlobKey,
      thumbnailMimeType: thumbnail.mimeType,
      width: image.width,
      height: image.height,
      byteSize: image.bytes.length,
    })
    .returning()
    .catch(async (error: unknown) => {
      // No row, no files: a failed upload leaves nothing behind.
      await Promise.all([blobs.delete(blobKey), blobs.delete(thumbnailBlobKey)]);
      throw error;
    });
  return {
    visionImageId: row!.visionImageId,
    blobFileName: row!.blobFileName,
    thumbnailBlobFileName: row!.thumbnailBlobFileName,
    mimeType: row!.mimeType,
  };
}

export async function visionImageContent(
  db: Db,
  config: Config,
  ownerUserId: string,
  visionImageId: string,
  blobFileName: string,
): Promise<Schemas["Base64Content"]> {
  const [row] = await db
    .select()
    .from(visionImages)
    .where(and(eq(visionImages.visionImageId, visionImageId), eq(visionImages.ownerUserId, ownerUserId)));
  if (!row) throw noSuchImage();
  const file =
    blobFileName === row.blobFileName
      ? { key: row.blobKey, mimeType: row.mimeType }
      : blobFileName === row.thumbnailBlobFileName
        ? { key: row.thumbnailBlobKey, mimeType: row.thumbnailMimeType }
        : undefined;
  if (!file) throw problem(404, "Not Found", "No such file of this vision image.");
  const bytes = await blobStoreFor(config).get(file.key);
  return { base64Content: bytes.toString("base64"), mimeType: file.mimeType };
}

/** 404 unless every id names one of the caller's images (another user's image is indistinguishable from none). */
export async function assertOwnVisionImages(db: Db, ownerUserId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await db
    .select({ id: visionImages.visionImageId })
    .from(visionImages)
    .where(and(inArray(visionImages.visionImageId, unique), eq(visionImages.ownerUserId, ownerUserId)));
  if (rows.length !== unique.length) throw noSuchImage();
}

/** The images as model input, in the order given; ids that vanished are skipped. */
export async function imagePartsFor(
  db: Db,
  config: Pick<Config, "blobDir" | "s3">,
  ids: readonly string[],
): Promise<ImagePart[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(visionImages)
    .where(inArray(visionImages.visionImageId, [...ids]));
  const byId = new Map(rows.map((r) => [r.visionImageId, r]));
  const blobs = blobStoreFor(config);
  const parts: ImagePart[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) parts.push({ mimeType: row.mimeType, base64: (await blobs.get(row.blobKey)).toString("base64") });
  }
  return parts;
}

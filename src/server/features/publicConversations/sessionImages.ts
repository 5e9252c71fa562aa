/**
 * A visitor's vision images: uploaded, checked and re-encoded exactly as the chat's (userConversations
 * visionImages), owned by the visitors' account and marked with the uploading session's hash. Only that
 * session reads them back or names them in a question; any other session gets 404 (never a hint that they exist).
 */
import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { components } from "../../../generated/api";
import { cachesFor, type UsableAgent } from "../../cache/appCaches";
import { visionImages } from "../../db/filesSchema";
import { HttpProblem, problem } from "../../http/problem";
import type { HandlerContext } from "../../http/types";
import { secretBoxFor } from "../../security/secretBoxFor";
import { blobStoreFor } from "../../storage/blobStoreFor";
import { modelForConfig } from "../gptSystems/modelForConfig";
import { uploadVisionImage, visionImageContent } from "../userConversations/visionImages";
import type { VisitorSession } from "./sessionIdentifier";
import { VISITOR_ACCOUNT_ID, visitorAccount } from "./visitorAccount";

type Schemas = components["schemas"];

/** Per-session cap on image uploads, on top of the per-address rate limit (x-rate-limit: publicChat). */
export const SESSION_IMAGES_PER_HOUR = 60;
const HOUR_MS = 3_600_000;

const noSuchImage = () => problem(404, "Not Found", "No such vision image.");

/**
 * Whether the agent takes images: the signed-in composer offers images when the agent's model supports
 * vision (GptSystemDetailsForConversation.supportsVision), and so does the public chat.
 */
export async function acceptsImages(ctx: HandlerContext, config: UsableAgent["config"]): Promise<boolean> {
  const model = await cachesFor(ctx.deps.database).models.get(`${config.languageEngine}:${config.deploymentName}`, () =>
    modelForConfig(ctx.deps.database.db, secretBoxFor(ctx.deps.config), config),
  );
  return model.supportsVision;
}

async function assertImageQuota(ctx: HandlerContext, session: VisitorSession, now = new Date()): Promise<void> {
  const [usage] = await ctx.deps.database.db
    .select({ uploaded: count() })
    .from(visionImages)
    .where(
      and(
        eq(visionImages.publicSessionHash, session.sessionHash),
        gt(visionImages.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  if (!usage || usage.uploaded < SESSION_IMAGES_PER_HOUR) return;
  throw new HttpProblem(
    429,
    "Too Many Requests",
    `This chat session has reached its limit of ${SESSION_IMAGES_PER_HOUR} images per hour.`,
    undefined,
    { "Retry-After": "3600" },
  );
}

/** Stores the upload as the session's image; 404 when the session's agent does not take images. */
export async function uploadSessionImage(
  ctx: HandlerContext,
  request: FastifyRequest,
  session: VisitorSession,
  usable: UsableAgent,
): Promise<Schemas["VisionImage"]> {
  if (!(await acceptsImages(ctx, usable.config)))
    throw problem(404, "Not Found", "This public chat does not accept images.");
  await assertImageQuota(ctx, session);
  const db = ctx.deps.database.db;
  const visitor = await visitorAccount(db);
  // The chat's own upload: same size limit, sniffing, allowed types and re-encoding.
  const image = await uploadVisionImage(request, db, ctx.deps.config, visitor.userId);
  try {
    await db
      .update(visionImages)
      .set({ publicSessionHash: session.sessionHash })
      .where(eq(visionImages.visionImageId, image.visionImageId));
  } catch (error) {
    // Unmarked, the image would be nobody's: remove it rather than keep it.
    const [row] = await db.delete(visionImages).where(eq(visionImages.visionImageId, image.visionImageId)).returning();
    const blobs = blobStoreFor(ctx.deps.config);
    if (row) await Promise.allSettled([blobs.delete(row.blobKey), blobs.delete(row.thumbnailBlobKey)]);
    throw error;
  }
  return image;
}

const ofSession = (session: VisitorSession) =>
  and(eq(visionImages.ownerUserId, VISITOR_ACCOUNT_ID), eq(visionImages.publicSessionHash, session.sessionHash));

/** The session's image (or its thumbnail) as base64; 404 for another session's. */
export async function sessionImageContent(
  ctx: HandlerContext,
  session: VisitorSession,
  visionImageId: string,
  blobFileName: string,
): Promise<Schemas["Base64Content"]> {
  const db = ctx.deps.database.db;
  const [row] = await db
    .select({ id: visionImages.visionImageId })
    .from(visionImages)
    .where(and(eq(visionImages.visionImageId, visionImageId), ofSession(session)));
  if (!row) throw noSuchImage();
  return visionImageContent(db, ctx.deps.config, VISITOR_ACCOUNT_ID, visionImageId, blobFileName);
}

/** 404 unless every id names one of the session's images. */
export async function assertSessionImages(
  ctx: HandlerContext,
  session: VisitorSession,
  ids: readonly string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await ctx.deps.database.db
    .select({ id: visionImages.visionImageId })
    .from(visionImages)
    .where(and(inArray(visionImages.visionImageId, unique), ofSession(session)));
  if (rows.length !== unique.length) throw noSuchImage();
}

/**
 * Spec §7 avatar upload: a multipart `file` named by the config state id, with gptSystemConfigurationStateId.
 * The image goes through the upload pipeline (sniffed from its bytes, re-encoded by sharp); the avatar kept is
 * the pipeline's 256 px WebP thumbnail, so metadata and polyglot payloads never reach the database.
 * Removing it goes back to the generated identicon.
 */
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { gptSystems } from "../../db/chatSchema";
import { problem } from "../../http/problem";
import type { AuthenticatedUser } from "../../http/types";
import { readUpload } from "../../uploads/readUpload";
import { reencodeImage } from "../../uploads/reencodeImage";
import { sniffImage } from "../../uploads/sniffContent";
import { assertMayCreateAgents, assertNotBanned, loadOwnConfigState } from "./ownAgents";

export const AVATAR_STATE_FIELD = "gptSystemConfigurationStateId";

export async function uploadPersonalAvatar(
  request: FastifyRequest,
  db: Db,
  config: Config,
  user: AuthenticatedUser,
  configStateId: string,
): Promise<void> {
  const { agent } = await loadOwnConfigState(db, user, configStateId);
  assertNotBanned(agent);
  await assertMayCreateAgents(db, user);
  const upload = await readUpload(request, config.uploadLimits.image, [AVATAR_STATE_FIELD]);
  if (upload.fields[AVATAR_STATE_FIELD] !== configStateId)
    throw problem(400, "Bad Request", "The request is not valid.", {
      [AVATAR_STATE_FIELD]: ["must be the configuration state of the path"],
    });
  const { thumbnail } = await reencodeImage(upload.bytes, await sniffImage(upload.bytes));
  await db
    .update(gptSystems)
    .set({ avatarMimeType: thumbnail.mimeType, avatarBase64: thumbnail.bytes.toString("base64"), updatedAt: new Date() })
    .where(eq(gptSystems.gptSystemId, agent.gptSystemId));
}

/** Same guards as the upload: the caller's own agent, not banned, and a creator who may still change agents. */
export async function removePersonalAvatar(db: Db, user: AuthenticatedUser, configStateId: string): Promise<void> {
  const { agent } = await loadOwnConfigState(db, user, configStateId);
  assertNotBanned(agent);
  await assertMayCreateAgents(db, user);
  await db
    .update(gptSystems)
    .set({ avatarMimeType: null, avatarBase64: null, updatedAt: new Date() })
    .where(eq(gptSystems.gptSystemId, agent.gptSystemId));
}

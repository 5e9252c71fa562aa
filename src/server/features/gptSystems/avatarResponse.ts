/** Sends an agent's avatar: the uploaded image, or its generated identicon. */
import type { FastifyReply } from "fastify";
import type { GptSystemRow } from "./agentAccess";
import { identiconSvg } from "./identicon";

export function sendAvatar(
  reply: FastifyReply,
  agent: Pick<GptSystemRow, "gptSystemId" | "avatarBase64" | "avatarMimeType">,
) {
  // Revalidated on every fetch: an owner or an administrator may just have uploaded a new one.
  reply.header("cache-control", "private, no-cache");
  reply.header("x-content-type-options", "nosniff");
  if (agent.avatarBase64 && agent.avatarMimeType) {
    reply.type(agent.avatarMimeType);
    return reply.send(Buffer.from(agent.avatarBase64, "base64"));
  }
  // An SVG made here holds no script, and this CSP keeps it inert even if opened directly.
  reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
  reply.type("image/svg+xml");
  return reply.send(identiconSvg(agent.gptSystemId));
}

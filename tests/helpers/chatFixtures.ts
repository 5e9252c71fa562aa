/** Agents and connections for chat tests, and a reader for the chat's event streams over real HTTP. */
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { configStates, connections, deployments, gptSystems } from "../../src/server/db/chatSchema";
import { createSecretBox } from "../../src/server/security/secretBox";
import { decodeFrames } from "../../src/server/streaming/sse";

export interface AgentOptions {
  name?: string;
  /** An OpenAI-protocol base URL (the fake model server's); omitted = the local engine. */
  openaiBaseUrl?: string;
  anthropicBaseUrl?: string;
  encryptionKey: string;
  systemPrompt?: string;
  ownerUserId?: string;
  status?: string;
}

export async function createAgent(db: Db, options: AgentOptions): Promise<{ gptSystemId: string; configStateId: string }> {
  let languageEngine = "local";
  let deploymentName = "local";
  const baseUrl = options.openaiBaseUrl ?? options.anthropicBaseUrl;
  if (baseUrl) {
    const [connection] = await db
      .insert(connections)
      .values({
        name: "Fake",
        providerType: options.openaiBaseUrl ? "openai" : "anthropic",
        baseUrl,
        encryptedApiKey: createSecretBox(options.encryptionKey).encrypt("sk-test-key"),
      })
      .returning();
    await db.insert(deployments).values({ connectionId: connection!.connectionId, deploymentName: "fake-model", displayName: "Fake model" });
    languageEngine = connection!.connectionId;
    deploymentName = "fake-model";
  }
  const [agent] = await db
    .insert(gptSystems)
    .values({
      name: options.name ?? "Test agent",
      gptSystemType: options.ownerUserId ? "User" : "System",
      ownerUserId: options.ownerUserId ?? null,
      status: options.status ?? "Active",
    })
    .returning();
  const [state] = await db
    .insert(configStates)
    .values({
      gptSystemId: agent!.gptSystemId,
      configStateType: options.ownerUserId ? "User" : "System",
      version: 1,
      systemPrompt: options.systemPrompt ?? "You are a test agent.",
      introduction: "Hi from the test agent.",
      languageEngine,
      deploymentName,
    })
    .returning();
  await db.update(gptSystems).set({ publishedConfigStateId: state!.configStateId }).where(eq(gptSystems.gptSystemId, agent!.gptSystemId));
  return { gptSystemId: agent!.gptSystemId, configStateId: state!.configStateId };
}

/** Listens on a free loopback port (streams need real HTTP, not inject). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface Frame {
  event: string;
  data: unknown;
}

/** POSTs (or GETs) and reads the whole event stream; `onFrame` may abort through the controller. */
export async function readStream(
  url: string,
  token: string,
  body?: unknown,
  options: { controller?: AbortController; onFrame?: (frame: Frame, all: Frame[]) => void } = {},
): Promise<{ status: number; frames: Frame[]; contentType: string | null; problem?: unknown }> {
  const response = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.controller?.signal,
  });
  const contentType = response.headers.get("content-type");
  if (!contentType?.startsWith("text/event-stream")) return { status: response.status, frames: [], contentType, problem: await response.json() };
  const frames: Frame[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      const end = buffer.lastIndexOf("\n\n");
      if (end < 0) continue;
      for (const frame of decodeFrames(buffer.slice(0, end + 2))) {
        frames.push(frame);
        options.onFrame?.(frame, frames);
      }
      buffer = buffer.slice(end + 2);
    }
  } catch (error) {
    if (!options.controller?.signal.aborted) throw error;
  }
  return { status: response.status, frames, contentType };
}

export const answerOf = (frames: Frame[]) =>
  frames
    .filter((f) => ["response-updated", "error", "internal-server-error"].includes(f.event))
    .map((f) => f.data as string)
    .join("");

/**
 * The user's Stop (stopUserConversationSegment) sent once `chunks` of the answer being read have
 * arrived: give `onFrame` to readStream, then read the answer's ids and the stop's response.
 */
export function stopAfterChunks(base: string, token: string, chunks: number) {
  const sent: { segment: { conversationId: string; conversationSegmentId: string }; stopped?: Promise<Response> } = {
    segment: { conversationId: "", conversationSegmentId: "" },
  };
  return {
    sent,
    onFrame(frame: Frame, all: Frame[]) {
      if (frame.event === "conversation-and-segment-id") sent.segment = frame.data as typeof sent.segment;
      if (sent.stopped || all.filter((f) => f.event === "response-updated").length !== chunks) return;
      const { conversationId, conversationSegmentId } = sent.segment;
      sent.stopped = fetch(`${base}/api/internal/userConversations/${conversationId}/segments/${conversationSegmentId}/stop`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
    },
  };
}

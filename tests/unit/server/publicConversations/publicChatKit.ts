/** Helpers for the public chat's server tests: make an agent public, and call the public API as a visitor (no token). */
import { eq } from "drizzle-orm";
import { gptSystems } from "../../../../src/server/db/chatSchema";
import { decodeFrames } from "../../../../src/server/streaming/sse";
import type { Frame } from "../../../helpers/chatFixtures";
import type { TestApp } from "../../../helpers/buildTestApp";

export async function makePublic(t: TestApp, gptSystemId: string, publicChatEndpoint: string): Promise<void> {
  await t.deps.database.db.update(gptSystems).set({ isPublic: true, publicChatEndpoint }).where(eq(gptSystems.gptSystemId, gptSystemId));
}

/** A visitor's calls through inject: no Authorization header, the session in X-Session-Identifier. */
export function visitorApi(t: TestApp) {
  return (method: "GET" | "POST", url: string, session?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/internal/publicConversations${url}`,
      headers: session === undefined ? {} : { "x-session-identifier": session },
      ...(payload === undefined ? {} : { payload }),
    });
}

export async function newSession(t: TestApp, endpoint: string): Promise<string> {
  const response = await visitorApi(t)("POST", `/byGptPublicEndpoint/${endpoint}/sessions`);
  if (response.statusCode !== 201) throw new Error(`session for ${endpoint}: ${response.statusCode} ${response.body}`);
  return response.json().sessionIdentifier as string;
}

/** POSTs a question over real HTTP as a visitor and reads the whole event stream (or the problem). */
export async function visitorStream(
  url: string,
  session: string,
  body: unknown,
): Promise<{ status: number; frames: Frame[]; problem?: { status: number; title: string; errors?: unknown } }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "x-session-identifier": session, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.headers.get("content-type")?.startsWith("text/event-stream"))
    return { status: response.status, frames: [], problem: await response.json() };
  return { status: response.status, frames: decodeFrames(await response.text()) };
}

/** Shared steps of the personal-agent and moderation server tests. */
import { eq } from "drizzle-orm";
import { featureFlags } from "../../../../src/server/db/schema";
import type { TestApp } from "../../../helpers/buildTestApp";
import { readStream } from "../../../helpers/chatFixtures";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function apiFor(t: TestApp) {
  return (method: Method, url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export async function setPersonalAgentsFlag(t: TestApp, enabled: boolean): Promise<void> {
  await t.deps.database.db
    .update(featureFlags)
    .set({ enabled })
    .where(eq(featureFlags.name, "AllowUserCreatedGptSystems"));
}

/** Quick Create + publish: a personal agent on the local engine, ready to chat. */
export async function createPublishedPersonalAgent(t: TestApp, token: string, name: string) {
  const api = apiFor(t);
  const created = await api("POST", "/configStates/personal", token, { gptSystemName: name });
  if (created.statusCode !== 201) throw new Error(created.body);
  const { configStateId, gptSystemId } = created.json().configuration as { configStateId: string; gptSystemId: string };
  const published = await api("POST", `/configStates/${configStateId}/publish`, token);
  if (published.statusCode !== 200) throw new Error(published.body);
  return { configStateId, gptSystemId };
}

/** One question to the agent over real HTTP; returns the new conversation's id. */
export async function chatOnce(base: string, token: string, gptSystemId: string, question: string): Promise<string> {
  const { frames, status, problem } = await readStream(
    `${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
    token,
    {
      question,
    },
  );
  if (status !== 200) throw new Error(JSON.stringify(problem));
  return (frames[0]!.data as { conversationId: string }).conversationId;
}

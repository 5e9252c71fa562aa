/** testAdminConnection: one real 1-token request through the provider adapter the chat uses. */
import { asc, eq } from "drizzle-orm";
import type { components } from "../../../generated/api";
import { assertValid } from "../../admin/context";
import { deployments } from "../../db/chatSchema";
import { createProvider } from "../../llm";
import type { ProviderType } from "../../llm/types";
import type { Handlers } from "../../http/types";
import { secretBoxFor } from "../../security/secretBoxFor";
import { connectionKey } from "../../llm/connectionKey";
import { loadConnection } from "./connectionRecords";

type Result = components["schemas"]["ConnectionTestResult"];

/** Long enough for a cold serverless deployment, short enough for an admin waiting on a button. */
export const CONNECTION_TEST_TIMEOUT_MS = 20_000;

export const connectionTestHandlers: Handlers = {
  async testAdminConnection(request, _reply, ctx) {
    const db = ctx.deps.database.db;
    const connection = await loadConnection(db, (request.params as { connectionId: string }).connectionId);
    const wanted = (request.body as { deploymentName?: string } | undefined)?.deploymentName;
    const names = (
      await db
        .select({ name: deployments.deploymentName })
        .from(deployments)
        .where(eq(deployments.connectionId, connection.connectionId))
        .orderBy(asc(deployments.displayName))
    ).map((d) => d.name);
    if (wanted !== undefined && !names.includes(wanted))
      assertValid({ deploymentName: ["is not a deployment of this connection"] });
    const model = wanted ?? names[0];
    if (!model)
      return {
        ok: false,
        latencyMs: 0,
        message: "The connection has no deployment to ask: add one first.",
      } satisfies Result;
    const started = performance.now();
    const signal = AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS);
    try {
      const provider = createProvider({
        providerType: connection.providerType as ProviderType,
        baseUrl: connection.baseUrl,
        apiVersion: connection.apiVersion,
        apiKey: connectionKey(secretBoxFor(ctx.deps.config), connection.encryptedApiKey),
      });
      for await (const event of provider.stream({
        model,
        messages: [{ role: "user", content: "Reply with OK." }],
        maxTokens: 1,
        signal,
      }))
        void event;
      const latencyMs = Math.round(performance.now() - started);
      return { ok: true, latencyMs, message: `${model} answered in ${latencyMs} ms.` } satisfies Result;
    } catch (error) {
      const latencyMs = Math.round(performance.now() - started);
      const message = signal.aborted
        ? `The provider did not answer within ${CONNECTION_TEST_TIMEOUT_MS / 1000} seconds.`
        : error instanceof Error
          ? error.message
          : String(error);
      return { ok: false, latencyMs, message } satisfies Result;
    }
  },
};

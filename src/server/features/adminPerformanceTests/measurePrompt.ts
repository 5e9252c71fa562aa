/**
 * One prompt of a performance test, sent exactly as the chat would send it as
 * the first question of a conversation with the agent (same model input,
 * parameters and file libraries), but never stored as a conversation.
 */
import { randomUUID } from "node:crypto";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { ModelProviderError } from "../../llm/types";
import type { ConfigStateRow } from "../gptSystems/agentAccess";
import type { ResolvedModel } from "../gptSystems/modelForConfig";
import type { SegmentRow } from "../userConversations/conversationRepo";
import { buildModelInput } from "../userConversations/modelInput";

export interface PromptMeasurement {
  status: "Complete" | "Failed";
  timeToFirstTokenMs: number | null;
  totalMs: number;
  inputTokens: number | null;
  outputTokens: number | null;
  tokensPerSecond: number | null;
  errorText: string | null;
}

export interface PromptJob {
  db: Db;
  appConfig: Pick<Config, "blobDir" | "s3" | "indexingWaitMs" | "encryptionKey">;
  userId: string;
  config: ConfigStateRow;
  model: ResolvedModel;
  prompt: string;
  signal: AbortSignal;
  /** The clock (tests may pass their own). */
  now?: () => number;
}

export const PROMPT_FAILED_TEXT = "An internal error stopped this prompt.";

/** A question that exists only in memory: the model input code reads segments, not the database, for it. */
function unsavedQuestion(prompt: string, config: ConfigStateRow, model: ResolvedModel): SegmentRow {
  return {
    conversationSegmentId: randomUUID(),
    conversationId: randomUUID(),
    parentSegmentId: null,
    question: prompt,
    answer: "",
    status: "Pending",
    errorText: null,
    answeredWithGptSystemId: config.gptSystemId,
    configStateId: config.configStateId,
    languageEngine: model.languageEngine,
    deploymentName: model.deploymentName,
    visionImageIds: [],
    attachmentIds: [],
    citations: [],
    steps: [],
    inputTokens: null,
    outputTokens: null,
    timeToFirstTokenMs: null,
    durationMs: null,
    feedback: null,
    feedbackComment: null,
    createdAt: new Date(),
    completedAt: null,
  };
}

/** Tokens per second over the whole time of the answer, two decimals. */
export function tokensPerSecond(outputTokens: number | null, totalMs: number): number | null {
  if (outputTokens === null || totalMs <= 0) return null;
  return Math.round((outputTokens / (totalMs / 1000)) * 100) / 100;
}

export async function measurePrompt(job: PromptJob): Promise<PromptMeasurement> {
  const now = job.now ?? (() => performance.now());
  const segment = unsavedQuestion(job.prompt, job.config, job.model);
  const startedAt = now();
  let firstTokenAt: number | undefined;
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;
  try {
    const input = await buildModelInput(
      {
        db: job.db,
        appConfig: job.appConfig,
        userId: job.userId,
        segment,
        model: job.model,
        systemPrompt: job.config.systemPrompt || undefined,
        dataSourceIds: job.config.dataSources,
        restrictToSources: job.config.restrictAnswerToInformationReturnedByTools,
        signal: job.signal,
      },
      [segment],
      () => {},
    );
    for await (const event of input.provider.stream({
      model: job.model.deploymentName,
      systemPrompt: input.systemPrompt,
      messages: input.messages,
      temperature: job.config.temperature ?? undefined,
      topP: job.config.topP ?? undefined,
      maxTokens: job.config.maxTokens ?? undefined,
      frequencyPenalty: job.config.frequencyPenalty ?? undefined,
      signal: job.signal,
    })) {
      if (event.type === "usage") ({ inputTokens, outputTokens } = event);
      else if (event.type === "text" && event.text) firstTokenAt ??= now();
    }
  } catch (error) {
    const totalMs = Math.round(now() - startedAt);
    const errorText = job.signal.aborted
      ? "Stopped: the server shut down or the prompt took too long."
      : error instanceof ModelProviderError
        ? error.message
        : PROMPT_FAILED_TEXT;
    // A stopped answer may still have been billed: its usage, when the provider sent it, counts in the budgets.
    return {
      status: "Failed",
      timeToFirstTokenMs: null,
      totalMs,
      inputTokens,
      outputTokens,
      tokensPerSecond: null,
      errorText,
    };
  }
  const totalMs = Math.round(now() - startedAt);
  return {
    status: "Complete",
    timeToFirstTokenMs: firstTokenAt === undefined ? null : Math.round(firstTokenAt - startedAt),
    totalMs,
    inputTokens,
    outputTokens,
    tokensPerSecond: tokensPerSecond(outputTokens, totalMs),
    errorText: null,
  };
}

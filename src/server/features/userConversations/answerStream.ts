/**
 * Streams one answer: the question is stored before the model is called, the
 * answer is persisted while it grows, and an abort or a failure leaves a
 * readable, correctly marked segment (Aborted / Failed). Events in the order of
 * spec section 4.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { backgroundLaneOf, type Db } from "../../db/client";
import { conversationSegments, conversations } from "../../db/chatSchema";
import { placeholders, preparedPerDatabase } from "../../db/preparedPerDatabase";
import type { Config } from "../../config";
import { ModelProviderError, type FinishReason } from "../../llm/types";
import { answerWithCodeInterpreter, usesCodeInterpreter } from "../../codeInterpreter/toolLoop";
import type { AnswerSpeech } from "../../speech/speechSession";
import type { SseWriter } from "../../streaming/sse";
import type { GptSystemRow, ConfigStateRow } from "../gptSystems/agentAccess";
import type { ResolvedModel } from "../gptSystems/modelForConfig";
import type { ContextSegment, ConversationRow, SegmentRow } from "./conversationRepo";
import type { LiveAnswers } from "./liveAnswers";
import { CONTEXT_RETRIES, CONTEXT_SHORTENED_STEP, isContextTooLong, shortenedTurns } from "./contextBudget";
import { buildModelInput } from "./modelInput";
import { finishingWrite } from "./finishingWrites";
import { INTERRUPTED_TEXT } from "./recovery";
import { createThrottledWriter } from "./throttledWriter";
import { generateTitle } from "./titles";
import type { TraceLog } from "./traceLog";

/** Issue target: at most 4 database writes per second per streaming answer. */
// 400 ms, not 250: the first-token save and the final save come on top of the periodic ones,
// and any one second must still see at most 4 writes (measured by scripts/bench/streaming.ts).
const PERSIST_INTERVAL_MS = 400;

export const INTERNAL_ERROR_TEXT = "An internal error stopped this answer. The part above was saved.";

/** What a complete answer that the model ended early carries as its errorText (the answer stays Complete). */
export const FINISH_NOTICES: Record<Exclude<FinishReason, "refusal">, string> = {
  length: "The answer stops here: it reached the longest answer this agent allows.",
  "content-filter": "The answer stops here: the model provider's content filter stopped it.",
};
/** A model that answered nothing: the answer is marked Failed with one of these. */
export const NO_ANSWER_TEXT = "The model returned no answer. Try again.";
export const REFUSED_TEXT = "The model declined to answer this question.";

export interface AnswerJob {
  db: Db;
  log: FastifyBaseLogger;
  appConfig: Pick<Config, "blobDir" | "s3" | "indexingWaitMs" | "codeInterpreter" | "encryptionKey">;
  live: LiveAnswers;
  userId: string;
  conversation: ConversationRow;
  /** Whether this question started the conversation. */
  isFirstQuestion: boolean;
  /**
   * The title the conversation was created with, while no answer of it has completed: the first
   * answer that completes has a title generated to replace it. Null once it has one.
   */
  provisionalTitle: string | null;
  segment: SegmentRow;
  agent: GptSystemRow;
  config: ConfigStateRow;
  model: ResolvedModel;
  sse: SseWriter;
  /** Aborted to stop the answer: Stop, or nobody watching it any more (liveAnswers.ts). */
  signal: AbortSignal;
  /** Aborts `signal`. */
  abort: () => void;
  /** Collected in memory, stored with the final write. */
  trace: TraceLog;
  /** Reads the answer aloud while it streams, when the user has a speech session (src/server/speech). */
  speech?: AnswerSpeech | undefined;
  /**
   * A public chat visitor's answer: a model server's failure reads as VISITOR_FAILURE_TEXT, not in the
   * provider's words (its address, its proxy's page: an organisation's internals, for anyone to read).
   * The provider's words stay in the answer's trace log and the server's log.
   */
  forVisitor?: boolean;
}

/** What a public chat visitor reads when the model server fails. */
export const VISITOR_FAILURE_TEXT = "The agent could not answer just now. Try again in a moment.";

/** An answer's final state. */
function finalSegmentUpdate(db: Db) {
  return db
    .update(conversationSegments)
    .set(
      placeholders(
        "answer",
        "status",
        "errorText",
        "steps",
        "citations",
        "inputTokens",
        "outputTokens",
        "timeToFirstTokenMs",
        "durationMs",
        "completedAt",
        "traceLog",
      ),
    )
    .where(eq(conversationSegments.conversationSegmentId, sql.placeholder("segmentId")));
}

/** The statements that close an answer, built once per database. */
const finalAnswerSave = preparedPerDatabase((db) => finalSegmentUpdate(db).prepare("final_answer_save"));

/**
 * A new conversation's title, once its first answer is final: the conversation renamed and the
 * answer's trace completed (with the title's entry) in one statement. Renamed only while it still
 * has the title it was created with: a user's rename meanwhile wins.
 */
const titleSave = preparedPerDatabase((db) => {
  const renamed = db.$with("renamed_conversation").as(
    db
      .update(conversations)
      .set(placeholders("title"))
      .where(
        and(
          eq(conversations.conversationId, sql.placeholder("conversationId")),
          eq(conversations.title, sql.placeholder("provisionalTitle")),
        ),
      )
      .returning({ id: conversations.conversationId }),
  );
  return db
    .with(renamed)
    .update(conversationSegments)
    .set(placeholders("traceLog"))
    .where(eq(conversationSegments.conversationSegmentId, sql.placeholder("segmentId")))
    .prepare("conversation_title_save");
});

export async function streamAnswer(job: AnswerJob, allSegments: readonly ContextSegment[]): Promise<void> {
  const { db, sse, segment, live } = job;
  const segmentId = segment.conversationSegmentId;
  // From the request's arrival, not from here: storing the question is part of what the user waits for.
  const startedAt = Math.round(job.trace.arrivedAtMs);
  let answer = "";
  let firstTokenAt: number | undefined;
  let usage: { inputTokens: number; outputTokens: number } | undefined;

  live.start(segmentId, job.userId, job.conversation.conversationId, () => answer, job.abort, startedAt);
  sse.send("conversation-and-segment-id", { conversationId: job.conversation.conversationId, conversationSegmentId: segmentId });
  const answeredWith = { gptSystemId: job.agent.gptSystemId, name: job.agent.name, gptSystemType: job.agent.gptSystemType, isPublic: job.agent.isPublic };
  sse.send("segment-answered-with-gpt-system", answeredWith);
  sse.send("cosmos-db-session-tokens", { "x-cosmos-session-token": `${segmentId}:${startedAt}` });
  const steps: string[] = [];
  const step = (text: string) => {
    steps.push(text);
    job.trace.step(text);
    sse.send("step-update", text);
    live.publish(segmentId, { event: "step-update", data: text });
  };
  // The answer's saves wait for nothing: on the embedded database they never queue ahead of a question.
  const saves = backgroundLaneOf(db);
  const writer = createThrottledWriter(saves, segmentId, PERSIST_INTERVAL_MS, (error) =>
    job.log.error({ err: error, segmentId }, "could not persist a streaming answer"),
  );

  let status: "Complete" | "Aborted" | "Failed" = "Complete";
  let errorText: string | null = null;
  let finishReason: FinishReason | undefined;
  let citations: Awaited<ReturnType<typeof buildModelInput>>["citations"] = [];
  let failure: unknown;
  try {
    const input = await buildModelInput(
      {
        ...job,
        systemPrompt: job.config.systemPrompt || undefined,
        dataSourceIds: job.config.dataSources,
        restrictToSources: job.config.restrictAnswerToInformationReturnedByTools,
      },
      allSegments,
      step,
    );
    citations = input.citations;
    job.trace.add("retrieval", "Model input prepared", { messages: input.messages.length, citations: citations.length });
    step("Generating the answer");
    const request = {
      model: job.model.deploymentName,
      systemPrompt: input.systemPrompt,
      messages: input.messages,
      temperature: job.config.temperature ?? undefined,
      topP: job.config.topP ?? undefined,
      maxTokens: job.config.maxTokens ?? undefined,
      frequencyPenalty: job.config.frequencyPenalty ?? undefined,
      signal: job.signal,
    };
    // Without the code interpreter the provider's stream is read directly (no relaying generator per chunk).
    const withTools = usesCodeInterpreter(job, input.provider);
    const firstEvents = withTools ? answerWithCodeInterpreter(job, allSegments, input.provider, request, step) : input.provider.stream(request);
    // The built-in engine is no model provider, and its trace does not say otherwise (decisions.md).
    const local = input.provider.type === "local";
    job.trace.add(
      "provider-request",
      local ? "The built-in engine answers, without a language model" : "Request sent to the model provider",
      { provider: input.provider.type, model: request.model },
    );
    const readEvents = async (events: typeof firstEvents): Promise<void> => {
      for await (const event of events) {
        if (event.type === "usage") {
          usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
          if (!local) job.trace.add("usage", "Token usage reported", usage);
          continue;
        }
        if (event.type === "finish") {
          finishReason = event.reason;
          job.trace.add("provider-finish", "The model stopped early", { reason: event.reason });
          continue;
        }
        // U+0000 cannot be stored (PostgreSQL text): a model that sends it would lose the whole answer.
        const text = event.text.includes("\u0000") ? event.text.replaceAll("\u0000", "") : event.text;
        if (text === "") continue;
        if (firstTokenAt === undefined) {
          firstTokenAt = Date.now();
          job.trace.firstToken(local ? "First words of the answer sent" : undefined);
        }
        answer += text;
        job.speech?.push(text);
        sse.send("response-updated", text);
        live.append(segmentId, text);
        writer.update(answer);
      }
    };
    // A provider that finds the prompt too long is asked again with a quarter of the history, before any word.
    for (let retries = 0, events = firstEvents; ; retries += 1) {
      try {
        await readEvents(events);
        break;
      } catch (error) {
        const again = !withTools && firstTokenAt === undefined && retries < CONTEXT_RETRIES && isContextTooLong(error);
        const messages = again ? shortenedTurns(request.messages) : request.messages;
        if (messages.length === request.messages.length) throw error;
        job.trace.add("provider-retry", "The model found the prompt too long: asked again with fewer earlier messages", {
          messages: messages.length,
        });
        step(CONTEXT_SHORTENED_STEP);
        request.messages = messages;
        events = input.provider.stream(request);
      }
    }
    // An answer that is no answer (an empty stream, a refusal without words) is not Complete; the code
    // interpreter's may be the files it made, or the steps that say why it stopped.
    if (answer.trim() === "" && !withTools) throw new ModelProviderError(finishReason === "refusal" ? REFUSED_TEXT : NO_ANSWER_TEXT, undefined);
    if (finishReason && finishReason !== "refusal") {
      errorText = FINISH_NOTICES[finishReason];
      sse.send("error", `\n\n${errorText}`);
      live.publish(segmentId, { event: "error", data: `\n\n${errorText}` });
    }
  } catch (error) {
    failure = error;
    if (job.signal.aborted && live.endedByShutdown(segmentId)) {
      // Not the user's Stop: the server is stopping, and says so as a restart found it would (recovery.ts).
      status = "Failed";
      errorText = INTERRUPTED_TEXT;
      sse.send("error", `\n\n${errorText}`);
      live.publish(segmentId, { event: "error", data: `\n\n${errorText}` });
    } else if (job.signal.aborted) {
      status = "Aborted";
    } else if (error instanceof ModelProviderError) {
      status = "Failed";
      errorText = job.forVisitor ? VISITOR_FAILURE_TEXT : error.message;
      if (job.forVisitor) job.log.warn({ err: error, segmentId }, "a public chat answer failed");
      sse.send("error", `\n\n${errorText}`);
      live.publish(segmentId, { event: "error", data: `\n\n${errorText}` });
    } else {
      status = "Failed";
      errorText = INTERNAL_ERROR_TEXT;
      job.log.error({ err: error, segmentId }, "answer stream failed");
      sse.send("internal-server-error", `\n\n${INTERNAL_ERROR_TEXT}`);
      live.publish(segmentId, { event: "internal-server-error", data: `\n\n${INTERNAL_ERROR_TEXT}` });
    }
  }
  job.speech?.end();
  await writer.stop();
  const completedAt = new Date();
  job.trace.end(status, failure, { characters: answer.length, durationMs: completedAt.getTime() - startedAt }, live.stoppedByUser(segmentId));
  const final = {
    segmentId,
    answer,
    status,
    errorText,
    steps,
    citations,
    inputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    timeToFirstTokenMs: firstTokenAt === undefined ? null : firstTokenAt - startedAt,
    durationMs: completedAt.getTime() - startedAt,
    completedAt,
  };
  await finishingWrite(() => finalAnswerSave(saves).execute({ ...final, traceLog: job.trace.list() }));
  const finalSavedAt = Date.now();
  const responseModel = { conversationSegmentId: segmentId, status, citations, errorText };
  sse.send("response-model", responseModel);
  live.publish(segmentId, { event: "response-model", data: responseModel });
  if (status === "Complete" && job.provisionalTitle !== null) {
    // The answer is final (the page shows Send again); the stream ends once the title is stored,
    // so that the list the client then refreshes shows it.
    // Stopped with the answer (the server shutting down): then titled after the question at once.
    const titleSignal = AbortSignal.any([AbortSignal.timeout(15_000), job.signal]);
    const title = await generateTitle(job.model.provider, job.model.deploymentName, segment.question, answer, titleSignal);
    job.trace.add("title-generated", "Conversation title generated", { characters: [...title].length });
    const conversationId = job.conversation.conversationId;
    // The title's save writes the answer's row too (its trace): an interval after the final save,
    // so that any one second still sees at most 4 writes of it. Nobody waits for it but the list.
    const wait = finalSavedAt + PERSIST_INTERVAL_MS - Date.now();
    if (wait > 0) await sleep(wait);
    const { provisionalTitle } = job;
    await finishingWrite(() =>
      titleSave(saves).execute({ segmentId, traceLog: job.trace.list(), title, provisionalTitle, conversationId }),
    );
  }
  sse.send("no-more-data", null);
  live.finish(segmentId);
  sse.end();
}

/**
 * The answer's model rounds when the agent has the CodeInterpreter capability
 * and the provider can call tools: the model is offered run_python; each call
 * runs in the sandbox over the conversation's CodeInterpreter attachments, is
 * streamed (`step-update`, `code-interpreter-updated`, `generated-image-link`),
 * stored with the files it wrote, and its result goes back to the model; at
 * most CODE_INTERPRETER_MAX_ROUNDS runs per answer. Yields the same text and
 * usage events as a plain provider stream, so the answer path is unchanged.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { codeInterpreterRuns } from "../db/codeInterpreterSchema";
import type { AnswerJob } from "../features/userConversations/answerStream";
import type { ContextSegment } from "../features/userConversations/conversationRepo";
import { pathTo } from "../features/userConversations/segmentTree";
import type { ChatTurn, ModelEvent, ModelProvider, ModelRequest, ToolCall } from "../llm/types";
import type { StreamEventName } from "../streaming/sse";
import { blobStoreFor } from "../storage/blobStoreFor";
import { generatedImageUrl, keepGeneratedFiles } from "./generatedFiles";
import { codeInterpreterAttachments, loadInputFiles } from "./inputFiles";
import { codeBlock, outputChunk, outputEnd, outputStart } from "./interpreterMarkdown";
import { codeOf, runPythonTool, toolResultText } from "./runPythonTool";
import { runPython, type SandboxInputFile } from "./sandbox";

export const CODE_INTERPRETER_CAPABILITY = "CodeInterpreter";
export const RUNNING_STEP = "Running Python code";

export function limitReachedText(maxRounds: number): string {
  return `Not run: this answer already used the code interpreter's limit of ${maxRounds} runs. Answer with the results you have.`;
}

export function roundsExhaustedStep(maxRounds: number): string {
  return `Stopped: the model kept calling tools after ${maxRounds + 1} rounds`;
}

export function usesCodeInterpreter(job: Pick<AnswerJob, "config">, provider: ModelProvider): boolean {
  return job.config.capabilityTypes.includes(CODE_INTERPRETER_CAPABILITY) && provider.streamWithTools !== undefined;
}

interface RunContext {
  job: AnswerJob;
  inputs: SandboxInputFile[];
  fileNames: Set<string>;
  runCount: number;
  step: (text: string) => void;
}

function emit(job: AnswerJob, event: StreamEventName, data: unknown): void {
  job.sse.send(event, data);
  job.live.publish(job.segment.conversationSegmentId, { event, data });
}

async function nextOrdinal(db: Db, segmentId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${codeInterpreterRuns.ordinal}), 0) + 1` })
    .from(codeInterpreterRuns)
    .where(eq(codeInterpreterRuns.conversationSegmentId, segmentId));
  return Number(row?.next ?? 1);
}

/** Runs one call and returns the text the model gets back. */
async function runCall(ctx: RunContext, call: ToolCall): Promise<string> {
  const { job } = ctx;
  const parsed = codeOf(call);
  if ("problem" in parsed) return parsed.problem;
  const settings = job.appConfig.codeInterpreter;
  if (ctx.runCount >= settings.maxRounds) return limitReachedText(settings.maxRounds);
  ctx.runCount += 1;
  ctx.step(RUNNING_STEP);
  emit(job, "code-interpreter-updated", codeBlock(parsed.code) + outputStart());
  const result = await runPython({
    code: parsed.code,
    files: ctx.inputs,
    limits: { timeoutSeconds: settings.timeoutSeconds, memoryMb: settings.memoryMb },
    onOutput: (text) => emit(job, "code-interpreter-updated", outputChunk(text)),
    signal: job.signal,
  });
  emit(job, "code-interpreter-updated", outputEnd(result.output, result.error));
  job.signal.throwIfAborted();
  const segmentId = job.segment.conversationSegmentId;
  const [run] = await job.db
    .insert(codeInterpreterRuns)
    .values({
      conversationSegmentId: segmentId,
      ordinal: await nextOrdinal(job.db, segmentId),
      code: parsed.code,
      output: result.output,
      outcome: result.outcome,
      error: result.error,
      durationMs: result.durationMs,
    })
    .returning();
  const owner = { ownerUserId: job.userId, conversationId: job.conversation.conversationId, conversationSegmentId: segmentId, runId: run!.runId };
  const files = await keepGeneratedFiles(job.db, blobStoreFor(job.appConfig), owner, result.files, ctx.fileNames);
  for (const file of files)
    if (file.imageKey) emit(job, "generated-image-link", { fileId: file.fileId, fileName: file.fileName, url: generatedImageUrl(file) });
  return toolResultText(result, files.map((f) => f.fileName));
}

export async function* answerWithCodeInterpreter(
  job: AnswerJob,
  allSegments: readonly ContextSegment[],
  provider: ModelProvider,
  request: ModelRequest,
  step: (text: string) => void,
): AsyncIterable<ModelEvent> {
  if (!usesCodeInterpreter(job, provider)) {
    yield* provider.stream(request);
    return;
  }
  const path = [...pathTo(allSegments, job.segment.parentSegmentId), job.segment];
  const attached = await codeInterpreterAttachments(job.db, job.userId, path);
  const inputs = await loadInputFiles(blobStoreFor(job.appConfig), attached);
  const tool = runPythonTool(inputs.map((f) => f.name));
  const ctx: RunContext = { job, inputs, fileNames: new Set(), runCount: 0, step };
  const messages: ChatTurn[] = [...request.messages];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let answered = "";
  // Each round may run tools; one more round than runs lets the model answer from the last result.
  for (let round = 0; round <= job.appConfig.codeInterpreter.maxRounds; round += 1) {
    let text = "";
    let calls: ToolCall[] = [];
    // The first request is logged by the caller; each later round sends the tool results back.
    if (round > 0)
      job.trace.add("provider-request", "Tool results sent back to the model provider", { round: round + 1 });
    for await (const event of provider.streamWithTools!({ ...request, messages, tools: [tool] })) {
      if (event.type === "tool-calls") calls = event.calls;
      else if (event.type === "finish") yield event;
      else if (event.type === "usage") {
        usage.inputTokens += event.inputTokens;
        usage.outputTokens += event.outputTokens;
        yield { type: "usage", ...usage };
      } else {
        // Text of a later round starts a new paragraph of the same answer.
        if (text === "" && answered !== "" && !answered.endsWith("\n\n")) yield { type: "text", text: "\n\n" };
        text += event.text;
        yield event;
      }
    }
    answered += text;
    if (calls.length === 0) return;
    messages.push({ role: "assistant", content: text, toolCalls: calls });
    for (const call of calls) messages.push({ role: "tool", toolCallId: call.id, content: await runCall(ctx, call) });
  }
  step(roundsExhaustedStep(job.appConfig.codeInterpreter.maxRounds));
}

/**
 * The trace log of one answer (spec §7 "trace logs"): what the server did while it
 * answered, in order, with the time since the request arrived. Entries are kept in
 * memory and stored with the answer's final write, never a write of their own per
 * entry. Bounded, and never carrying secrets, prompts or file contents: messages
 * are fixed texts written here, data holds small figures only.
 */
import { performance } from "node:perf_hooks";
import type { components } from "../../../generated/api";
import { ModelProviderError } from "../../llm/types";
import { RUNNING_STEP } from "../../codeInterpreter/toolLoop";

export type TraceLogEntry = components["schemas"]["TraceLogEntry"];
type Level = TraceLogEntry["level"];
type DataValue = string | number | boolean | null;

export const MAX_TRACE_ENTRIES = 200;
/** The last slots are kept for the closing entries (usage, finished / aborted / failed, title). */
const RESERVED_FOR_CLOSING = 8;
const MAX_MESSAGE_LENGTH = 300;
const MAX_DATA_STRING_LENGTH = 120;
const MAX_DATA_KEYS = 12;

/** Keys that could name a credential are never stored, whatever a caller passes. */
const SECRET_KEY = /(api[-_]?key|secret|password|authori[sz]ation|bearer|cookie|credential)/i;
/** Key-like words inside a text (a provider's echoed header, a connection string) are masked. */
const SECRET_TEXT = /\b(sk-[A-Za-z0-9_-]{6,}|Bearer\s+\S+|api[-_]?key[=:]\s*\S+)/gi;

function clip(text: string, max: number): string {
  const masked = text.replace(SECRET_TEXT, "[redacted]");
  return masked.length <= max ? masked : `${masked.slice(0, max - 1)}…`;
}

function cleanData(data: Record<string, DataValue | undefined>): Record<string, DataValue> | undefined {
  const out: Record<string, DataValue> = {};
  let keys = 0;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || SECRET_KEY.test(key) || keys >= MAX_DATA_KEYS) continue;
    out[key] = typeof value === "string" ? clip(value, MAX_DATA_STRING_LENGTH) : value;
    keys += 1;
  }
  return keys === 0 ? undefined : out;
}

export class TraceLog {
  private readonly entries: TraceLogEntry[] = [];
  private truncated: TraceLogEntry | undefined;
  private dropped = 0;
  private firstTokenSeen = false;

  /** `arrivedAt` in epoch ms and `arrivedPerf` in performance.now() ms: the same instant on both clocks. */
  constructor(
    private readonly arrivedAt: number,
    private readonly arrivedPerf: number,
  ) {}

  /** When the request arrived (epoch ms): the answer's time to first token and duration count from it, as the trace does. */
  get arrivedAtMs(): number {
    return this.arrivedAt;
  }

  add(event: string, message: string, data?: Record<string, DataValue | undefined>, level: Level = "info"): void {
    const closing =
      event === "usage" ||
      event === "finished" ||
      event === "aborted" ||
      event === "failed" ||
      event === "title-generated";
    const limit = closing ? MAX_TRACE_ENTRIES : MAX_TRACE_ENTRIES - RESERVED_FOR_CLOSING;
    if (this.entries.length >= limit) {
      this.dropped += 1;
      if (this.truncated) this.truncated.data = { dropped: this.dropped };
      return;
    }
    if (this.entries.length === limit - 1 && !closing && !this.truncated) {
      // The last open slot says that later entries were left out (and how many, once known).
      this.truncated = this.entry("truncated", "Further entries were left out to keep the trace short", "warning", {
        dropped: 1,
      });
      this.entries.push(this.truncated);
      this.dropped = 1;
      return;
    }
    this.entries.push(this.entry(event, message, level, data && cleanData(data)));
  }

  /** The request's arrival itself, at elapsed 0 (recorded once the question is stored). */
  arrived(message: string, data: Record<string, DataValue | undefined>): void {
    this.entries.push(this.entry("request-received", message, "info", cleanData(data), 0));
  }

  /** The first token of the answer, recorded once (called per token; cheap after the first). */
  firstToken(message = "First token of the answer received"): void {
    if (this.firstTokenSeen) return;
    this.firstTokenSeen = true;
    this.add("first-token", message);
  }

  /** A step shown to the user; running code is a tool call. */
  step(text: string): void {
    if (text === RUNNING_STEP) this.add("tool-call", "Tool called: run Python code", { tool: "runPython" });
    else this.add("step", text);
  }

  /** How the answer ended (stopped by its asker, or its page gone), with the provider's status code when it failed. */
  end(
    status: "Complete" | "Aborted" | "Failed",
    error: unknown,
    figures: { characters?: number; durationMs: number },
    stoppedByUser = false,
  ): void {
    if (status === "Complete") this.add("finished", "Answer complete", figures);
    else if (status === "Aborted")
      this.add(
        "aborted",
        stoppedByUser ? "Stopped by the user; the partial answer was kept" : "The client went away; the partial answer was kept",
        figures,
        "warning",
      );
    else if (error instanceof ModelProviderError)
      this.add(
        "failed",
        `The model provider failed${error.status ? ` (HTTP ${error.status})` : ""}`,
        { ...figures, status: error.status ?? null },
        "error",
      );
    else
      this.add(
        "failed",
        "An internal error stopped the answer",
        { ...figures, error: error instanceof Error ? error.name : "unknown" },
        "error",
      );
  }

  list(): TraceLogEntry[] {
    return this.entries;
  }

  private entry(
    event: string,
    message: string,
    level: Level,
    data?: Record<string, DataValue>,
    at?: number,
  ): TraceLogEntry {
    const elapsedMs = at ?? Math.max(0, Math.round(performance.now() - this.arrivedPerf));
    return {
      at: new Date(this.arrivedAt + elapsedMs).toISOString(),
      elapsedMs,
      level,
      event,
      message: clip(message, MAX_MESSAGE_LENGTH),
      ...(data ? { data } : {}),
    };
  }
}

/**
 * A trace for a request whose question was just stored: `elapsedSinceArrivalMs` is
 * Fastify's reply.elapsedTime (time since the request arrived).
 */
export function startTraceLog(
  elapsedSinceArrivalMs: number,
  facts: { requestId: string; languageEngine: string; deploymentName: string; isFirstQuestion: boolean },
): TraceLog {
  const now = performance.now();
  const trace = new TraceLog(Date.now() - elapsedSinceArrivalMs, now - elapsedSinceArrivalMs);
  trace.arrived("Question received", { requestId: facts.requestId });
  trace.add("question-stored", facts.isFirstQuestion ? "Question stored in a new conversation" : "Question stored", {
    model: facts.deploymentName,
    engine: facts.languageEngine,
  });
  return trace;
}

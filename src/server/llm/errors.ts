import { APIConnectionError as AnthropicConnectionError } from "@anthropic-ai/sdk";
import { APIConnectionError as OpenAIConnectionError } from "openai";
import { ModelProviderError } from "./types";

/** A stream that the provider's server broke without a transport failure: the text says what went wrong. */
export class ProviderStreamError extends Error {
  constructor(
    readonly kind: "incomplete" | "not-a-stream" | "web-page",
    detail = "",
  ) {
    super(detail || kind);
    this.name = "ProviderStreamError";
  }
}

/** How much of an upstream error's own text a user is shown. */
const MAX_DETAIL_CHARACTERS = 300;

/**
 * The provider's own message in an SDK error: OpenAI's body gives `{ message }` (the SDK keeps its
 * `error` member), Anthropic's `{ type, error: { message } }` (which its SDK's `message` JSON-encodes).
 */
function upstreamMessage(error: unknown): string {
  const body = (error as { error?: unknown }).error;
  if (typeof body === "object" && body !== null) {
    const { message, error: inner } = body as { message?: unknown; error?: { message?: unknown } };
    if (typeof message === "string") return message;
    if (typeof inner === "object" && inner !== null && typeof inner.message === "string") return inner.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Upstream text made fit to show: a web page (a proxy's 502) gives its title or its text without
 * tags, white space is collapsed, the length capped, and the connection's own secrets (a server may
 * echo the key it was sent) replaced.
 */
function readable(text: string, secrets: readonly string[]): string {
  let shown = text;
  if (/<(?:!doctype|html|head|body|title)\b/i.test(shown)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(shown)?.[1];
    shown = title ?? shown.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " ");
  }
  for (const secret of secrets) if (secret.length >= 4) shown = shown.replaceAll(secret, "[redacted]");
  shown = shown.replace(/\s+/g, " ").trim();
  const characters = [...shown];
  return characters.length > MAX_DETAIL_CHARACTERS ? `${characters.slice(0, MAX_DETAIL_CHARACTERS - 1).join("")}…` : shown;
}

/**
 * Turns an SDK error into the text a user can act on; aborts pass through untouched. `secrets` (the
 * connection's key) never reach that text.
 */
export function toProviderError(error: unknown, providerName: string, secrets: readonly string[] = []): Error {
  if (error instanceof ModelProviderError) return error;
  if (error instanceof Error && (error.name === "AbortError" || error.name === "APIUserAbortError")) return error;
  if (error instanceof ProviderStreamError) {
    const detail = readable(error.message, secrets);
    if (error.kind === "incomplete")
      return new ModelProviderError(`${providerName} ended the answer before it was complete. Try again.`, undefined);
    if (error.kind === "web-page")
      return new ModelProviderError(
        `${providerName} answered with a web page instead of an answer (${detail}). An administrator must check the connection's address.`,
        undefined,
      );
    return new ModelProviderError(
      `${providerName} did not answer with a stream of events${detail ? ` (${detail})` : ""}. An administrator must check the connection's address.`,
      undefined,
    );
  }
  if (error instanceof SyntaxError)
    return new ModelProviderError(`${providerName} sent a part of the answer that could not be read. Try again.`, undefined);
  const status = (error as { status?: unknown }).status;
  const code = typeof status === "number" ? status : undefined;
  const message = upstreamMessage(error);
  // The SDKs' messages start with the status ("500 upstream broke"), which the text below already gives.
  const detail = readable(code !== undefined && message.startsWith(`${code} `) ? message.slice(`${code} `.length) : message, secrets);
  if (code === 429) return new ModelProviderError(`${providerName} is rate limiting requests (429). Try again shortly.`, code);
  // Anthropic's "overloaded" status.
  if (code === 529) return new ModelProviderError(`${providerName} is overloaded (529). Try again shortly.`, code);
  if (code === 401 || code === 403)
    return new ModelProviderError(`${providerName} rejected the credentials (${code}). An administrator must check the connection's key.`, code);
  if (code !== undefined) return new ModelProviderError(`${providerName} answered with an error (${code}): ${detail}`, code);
  if (error instanceof OpenAIConnectionError || error instanceof AnthropicConnectionError || !(error as { error?: unknown }).error) {
    // The transport's own word ("aborted", "terminated", "Connection error.") comes last, for an administrator.
    const cause = detail.replace(/\.$/, "");
    return new ModelProviderError(`${providerName} could not be reached or the connection broke (${cause}). Try again.`, undefined);
  }
  // An error event inside the stream (OpenAI's `{ error }` chunk, Anthropic's `event: error`).
  return new ModelProviderError(`${providerName} reported an error while answering: ${detail}`, undefined);
}

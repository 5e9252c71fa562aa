import { ModelProviderError } from "./types";

/** Turns an SDK error into the text a user can act on; aborts pass through untouched. */
export function toProviderError(error: unknown, providerName: string): Error {
  if (error instanceof ModelProviderError) return error;
  if (error instanceof Error && (error.name === "AbortError" || error.name === "APIUserAbortError")) return error;
  const status = (error as { status?: unknown }).status;
  const code = typeof status === "number" ? status : undefined;
  const message = error instanceof Error ? error.message : String(error);
  // The SDKs' messages start with the status ("500 upstream broke"), which the text below already gives.
  const detail = code !== undefined && message.startsWith(`${code} `) ? message.slice(`${code} `.length) : message;
  if (code === 429) return new ModelProviderError(`${providerName} is rate limiting requests (429). Try again shortly.`, code);
  if (code === 401 || code === 403)
    return new ModelProviderError(`${providerName} rejected the credentials (${code}). An administrator must check the connection's key.`, code);
  if (code !== undefined) return new ModelProviderError(`${providerName} answered with an error (${code}): ${detail}`, code);
  // The transport's own word ("aborted", "terminated", "Connection error.") comes last, for an administrator.
  const cause = detail.replace(/\.$/, "");
  return new ModelProviderError(`${providerName} could not be reached or the connection broke (${cause}). Try again.`, undefined);
}

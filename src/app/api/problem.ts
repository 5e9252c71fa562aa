import type { components } from "../../generated/api";
import { ApiError } from "./errors";

export type Problem = components["schemas"]["Problem"];

/** An RFC 9457 problem document as the server sends it (spec section "Wire conventions"). */
export function asProblem(data: unknown): Problem | null {
  if (typeof data !== "object" || data === null) return null;
  const candidate = data as Partial<Problem>;
  return typeof candidate.title === "string" && typeof candidate.status === "number" ? (candidate as Problem) : null;
}

/** Validation messages keyed per field; empty when the problem carries none. */
export function problemFieldErrors(problem: Problem | null): Record<string, string[]> {
  return problem?.errors ?? {};
}

/** The server's reason when it answered a request with a problem document (its detail, else its title); null otherwise. */
export function problemReasonOf(error: unknown): string | null {
  const problem = asProblem(error instanceof ApiError ? error.data : null);
  return problem ? (problem.detail ?? problem.title) : null;
}

/** A 403 because the caller's role has none of the operation's actions (the problem names them), not a refusal of one object. */
export function isMissingPermission(error: unknown): boolean {
  const problem = asProblem(error instanceof ApiError ? error.data : null);
  return (problem?.requiredActions?.length ?? 0) > 0;
}

import { uploadFailureOf } from "../attachments/uploadFailure";

/** The server's problem+json words for a failed call (e.g. 'You are blocked from sharing agents.'), else the fallback. */
export function problemMessage(error: unknown, fallback: string): string {
  const failure = uploadFailureOf(error);
  return failure.type === "problem" ? `${fallback}: ${failure.message}` : fallback;
}

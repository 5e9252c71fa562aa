/** Why an upload failed, from the client's ApiError: the server's problem+json words, or the transport failure. */
import { isApiError } from "../../app/api/errors";
import { asProblem } from "../../app/api/problem";

export type UploadFailure =
  | { type: "problem"; status: number; message: string }
  | { type: "network" }
  | { type: "http"; status: number | string };

export function uploadFailureOf(error: unknown): UploadFailure {
  if (!isApiError(error)) return { type: "network" };
  const problem = asProblem(error.data);
  if (problem) {
    const fieldErrors = Object.entries(problem.errors ?? {}).map(
      ([field, messages]) => `${field} ${messages.join(", ")}`,
    );
    const message = [problem.detail ?? problem.title, ...fieldErrors].join(" ");
    return { type: "problem", status: problem.status, message };
  }
  if (typeof error.status === "string") return { type: "network" };
  // Spec §8: an HTTP 500 body is plain text.
  if (typeof error.data === "string" && error.data.trim() !== "")
    return { type: "problem", status: error.status, message: error.data.trim() };
  return { type: "http", status: error.status };
}

/** Why an upload failed, from the client's ApiError: the server's problem+json words, or the transport failure. */
import { isApiError } from "../../app/api/errors";
import { asProblem } from "../../app/api/problem";

export type UploadFailure =
  | { type: "problem"; status: number; message: string }
  | { type: "network" }
  | { type: "busy" }
  | { type: "http"; status: number | string };

/** Statuses that ask the client to come back later: a proxy's or gateway's, with no words of the server's. */
const BUSY_STATUSES = new Set([429, 503]);

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
  if (BUSY_STATUSES.has(error.status)) return { type: "busy" };
  if (typeof error.data === "string" && error.data.trim() !== "") {
    const text = error.data.trim();
    // A proxy's web page (nginx's 413 for a body over its limit, a gateway's 502): its title, not its markup.
    if (/^<(!doctype|html|head|body)\b/i.test(text)) {
      const title = pageTitleOf(text);
      return title ? { type: "problem", status: error.status, message: title } : { type: "http", status: error.status };
    }
    // Spec §8: an HTTP 500 body is plain text.
    return { type: "problem", status: error.status, message: text };
  }
  return { type: "http", status: error.status };
}

function pageTitleOf(html: string): string | undefined {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(html)?.[1];
  const words = title?.replace(/\s+/g, " ").trim();
  return words ? words.slice(0, 200) : undefined;
}

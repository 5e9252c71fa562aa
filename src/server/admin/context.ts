/** Small helpers every admin handler shares. */
import { problem, type FieldErrors } from "../http/problem";

/** Throws 400 with per-field messages when any were collected. */
export function assertValid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw problem(400, "Bad Request", "The request is not valid.", errors);
}

export function notFound(what: string): never {
  throw problem(404, "Not Found", `No such ${what}.`);
}

export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

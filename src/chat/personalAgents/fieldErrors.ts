/** The per-field messages of a 400 problem document (`errors`), or none. */
import { isApiError } from "../../app/api/errors";

export type FieldErrors = Record<string, string[]>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error, "BAD_REQUEST")) return {};
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return typeof errors === "object" && errors !== null ? (errors as FieldErrors) : {};
}

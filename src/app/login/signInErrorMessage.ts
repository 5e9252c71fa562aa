import type { TFunction } from "i18next";
import { isApiError } from "../api/errors";
import { asProblem, problemFieldErrors } from "../api/problem";
import "../i18n/loginStrings";

export interface SignInFailure {
  /** Shown in the alert above the form: the problem's detail, or a generic sentence. */
  message: string;
  /** Spec §8: server validation errors keyed per field, shown under the fields. */
  fieldErrors: Record<string, string[]>;
}

/** Turns whatever GenerateToken failed with into what the login form shows. */
export function describeSignInFailure(error: unknown, t: TFunction): SignInFailure {
  if (!isApiError(error)) return { message: t("login.failed"), fieldErrors: {} };
  if (error.code === "FETCH_ERROR" || error.code === "TIMEOUT_ERROR")
    return { message: t("login.unreachable"), fieldErrors: {} };
  const problem = asProblem(error.data);
  return {
    message: problem?.detail || problem?.title || t("login.failed"),
    fieldErrors: problemFieldErrors(problem),
  };
}

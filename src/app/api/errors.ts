/** Spec §8: a failed call is the HTTP status, or one of these when no usable response arrived. */
export type TransportErrorStatus = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR";
export type ApiErrorStatus = number | TransportErrorStatus;

/** Typed codes for UI code, so that no component compares bare status numbers. */
export type ApiErrorCode =
  | TransportErrorStatus
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "SERVER_ERROR"
  | "SERVICE_UNAVAILABLE"
  | "HTTP_ERROR";

const codeByStatus: Record<number, ApiErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  429: "TOO_MANY_REQUESTS",
  500: "SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

export function errorCodeOf(status: ApiErrorStatus): ApiErrorCode {
  if (typeof status === "string") return status;
  return codeByStatus[status] ?? "HTTP_ERROR";
}

/** The normalised error every API call rejects with: `{ status, data }` plus its typed code. */
export class ApiError extends Error {
  readonly status: ApiErrorStatus;
  readonly data: unknown;
  readonly code: ApiErrorCode;

  constructor(status: ApiErrorStatus, data: unknown) {
    super(typeof status === "number" ? `HTTP ${status}` : status);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
    this.code = errorCodeOf(status);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** Maps whatever a call threw to an ApiError; a caller's own abort is passed through untouched. */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError || isAbort(error)) return error;
  if (error instanceof Error && error.name === "TimeoutError") return new ApiError("TIMEOUT_ERROR", error.message);
  if (error instanceof SyntaxError) return new ApiError("PARSING_ERROR", error.message);
  return new ApiError("FETCH_ERROR", error instanceof Error ? error.message : String(error));
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

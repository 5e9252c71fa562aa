/** RFC 9457 problem documents: the only error shape the server sends (the contract's Problem schema). */
import { STATUS_CODES } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** Spec section 8: clients wait Retry-After seconds on a 503 (10 s by default). */
export const RETRY_AFTER_SECONDS = "10";

export type FieldErrors = Record<string, string[]>;

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
  requestId?: string;
  errors?: FieldErrors;
  requiredActions?: string[];
}

/** Throw from a handler (or hook) to answer with a problem document. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: FieldErrors | undefined;
  /** Extra response headers, e.g. Retry-After on 429 and 503, WWW-Authenticate on 401. */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    title: string,
    detail?: string,
    errors?: FieldErrors,
    headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
    this.name = "HttpProblem";
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors;
    this.headers = headers;
  }
}

/** 403 for a caller whose role has none of an operation's actions: the actions go with it, for clients to say so in their own words. */
export class MissingActionProblem extends HttpProblem {
  constructor(readonly requiredActions: readonly string[]) {
    super(403, "Forbidden", `This operation requires one of these actions: ${requiredActions.join(", ")}.`);
  }
}

/** `problem(404, "Not Found", "No brand named x.")`; the title defaults to the status's reason phrase. */
export function problem(status: number, title?: string, detail?: string, errors?: FieldErrors): HttpProblem {
  return new HttpProblem(status, title ?? STATUS_CODES[status] ?? "Error", detail, errors);
}

export function problemDocument(p: HttpProblem, requestId: string): ProblemDocument {
  return {
    type: "about:blank",
    title: p.title,
    status: p.status,
    ...(p.detail !== undefined ? { detail: p.detail } : {}),
    requestId,
    ...(p.errors !== undefined ? { errors: p.errors } : {}),
    ...(p instanceof MissingActionProblem ? { requiredActions: [...p.requiredActions] } : {}),
  };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, p: HttpProblem): FastifyReply {
  for (const [name, value] of Object.entries(p.headers)) reply.header(name, value);
  return reply.code(p.status).type(PROBLEM_CONTENT_TYPE).send(problemDocument(p, request.id));
}

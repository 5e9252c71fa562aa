/** Every error leaves as problem+json; 5xx details never leave the server. */
import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnreachable } from "../db/unreachable";
import { HttpProblem, RETRY_AFTER_SECONDS, sendProblem } from "./problem";
import { fieldErrors } from "./validation";

/** Client-error codes from Fastify whose cause the caller should be told in plain words. */
const CLIENT_ERROR_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON document.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "The request body's content type is not supported.",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The Content-Length header does not match the body.",
};

export function toProblem(error: FastifyError | Error): HttpProblem {
  if (error instanceof HttpProblem) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation)
    return new HttpProblem(400, "Bad Request", "The request is not valid.", fieldErrors(fastifyError.validation));
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const detail = CLIENT_ERROR_DETAILS[fastifyError.code] ?? undefined;
    return new HttpProblem(status, STATUS_CODES[status] ?? "Bad Request", detail);
  }
  if (isDatabaseUnreachable(error))
    return new HttpProblem(
      503,
      "Service Unavailable",
      "The database cannot be reached. Try again in a moment.",
      undefined,
      {
        "Retry-After": RETRY_AFTER_SECONDS,
      },
    );
  return new HttpProblem(500, "Internal Server Error", "An unexpected error occurred.");
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const p = toProblem(error);
  if (p.status >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ status: p.status, code: (error as FastifyError).code }, p.title);
  return sendProblem(request, reply, p);
}

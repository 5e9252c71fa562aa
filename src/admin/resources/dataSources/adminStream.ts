/**
 * The admin stream (spec §4): a POST answered as an event stream. Steps arrive
 * as `step-update`, the outcome as `response-model` (errors in it are kept and
 * end the stream), `no-more-data` completes; error frames are logged (spec §8).
 */
import { API_BASE_PATH, sessionFetch } from "../../../app/api/client";
import { ApiError } from "../../../app/api/errors";
import { readResponseBody } from "../../../app/api/responseBody";
import { logger } from "../../../app/logger";
import { readFrames } from "../../../chat/stream/frameParser";

export interface AdminStreamHandlers {
  onStep(text: string): void;
}

export async function runAdminStream<T extends { errors: string[] }>(
  path: string,
  body: unknown,
  handlers: AdminStreamHandlers,
): Promise<T | undefined> {
  const url = new URL(`${API_BASE_PATH}${path}`, window.location.origin);
  const response = await sessionFetch(
    new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
    }),
  );
  if (!response.ok || !response.body) throw new ApiError(response.status, await readResponseBody(response));
  let model: T | undefined;
  // Errors in the response model end the stream (spec §4): stop reading there.
  const stop = new AbortController();
  try {
    await readFrames(
      response.body,
      (frame) => {
        if (frame.event === "step-update") handlers.onStep(String(frame.data));
        else if (frame.event === "response-model") {
          model = frame.data as T;
          if (model.errors.length > 0) stop.abort();
        } else if (frame.event === "error" || frame.event === "internal-server-error")
          logger.error("Admin stream error.", frame.data);
      },
      stop.signal,
    );
  } catch (error) {
    if (!stop.signal.aborted) throw error;
  }
  return model;
}

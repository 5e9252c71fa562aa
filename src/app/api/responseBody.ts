import { ApiError } from "./errors";

/** Spec §9: JSON for application/json, vnd.api+json, hal+json and problem+json. */
const JSON_TYPES = /^application\/(json|vnd\.api\+json|hal\+json|problem\+json)\b/i;
const TEXT_TYPES = /^text\//i;

/**
 * Reads a response body by its content type. Spec §8: an HTTP 500 body is read
 * as plain text whatever it claims to be. A JSON body that does not parse is a
 * PARSING_ERROR.
 */
export async function readResponseBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get("Content-Type") ?? "";
  const disposition = response.headers.get("Content-Disposition") ?? "";
  if (response.status === 500 || (TEXT_TYPES.test(contentType) && !/^attachment/i.test(disposition))) {
    return response.text();
  }
  if (JSON_TYPES.test(contentType)) {
    const text = await response.text();
    if (text === "") return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError("PARSING_ERROR", text);
    }
  }
  if (response.body === null) return null;
  return response.blob();
}

/**
 * fetch over XMLHttpRequest, for uploads: fetch cannot report how much of a
 * request body has been sent, XMLHttpRequest's upload events can.
 */
export type UploadProgress = (sentFraction: number) => void;

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Statuses a Response may not be built with a body for. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function xhrFetch(onProgress: UploadProgress): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.body === null ? null : await request.arrayBuffer();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const abortError = () => new DOMException("The upload was aborted.", "AbortError");
      if (request.signal.aborted) return reject(abortError());
      const onAbort = () => xhr.abort();
      request.signal.addEventListener("abort", onAbort, { once: true });
      xhr.open(request.method, request.url);
      xhr.responseType = "arraybuffer";
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
      xhr.addEventListener("load", () => {
        request.signal.removeEventListener("abort", onAbort);
        const status = xhr.status;
        resolve(
          new Response(NULL_BODY_STATUSES.has(status) ? null : (xhr.response as ArrayBuffer), {
            status,
            statusText: xhr.statusText,
            headers: parseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      });
      xhr.addEventListener("error", () => reject(new TypeError("Failed to fetch")));
      xhr.addEventListener("timeout", () => reject(new DOMException("The upload timed out.", "TimeoutError")));
      xhr.addEventListener("abort", () => reject(abortError()));
      xhr.send(body);
    });
  };
}

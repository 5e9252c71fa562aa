import { describe, expect, it } from "vitest";
import { ApiError } from "../../../../src/app/api/errors";
import { uploadFailureOf } from "../../../../src/chat/attachments/uploadFailure";

const NGINX_413 =
  "<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n";

describe("uploadFailureOf", () => {
  it("gives the server's problem in its words", () => {
    const problem = {
      type: "about:blank",
      title: "Payload Too Large",
      status: 413,
      detail: "The file is larger than 10 MiB.",
    };
    expect(uploadFailureOf(new ApiError(413, problem))).toEqual({
      type: "problem",
      status: 413,
      message: "The file is larger than 10 MiB.",
    });
  });

  it("gives a proxy's web page by its title, not its markup", () => {
    expect(uploadFailureOf(new ApiError(413, NGINX_413))).toEqual({
      type: "problem",
      status: 413,
      message: "413 Request Entity Too Large",
    });
    expect(uploadFailureOf(new ApiError(502, "<html><body><h1>502 Bad Gateway</h1></body></html>"))).toEqual({
      type: "problem",
      status: 502,
      message: "502 Bad Gateway",
    });
    expect(uploadFailureOf(new ApiError(502, "<!DOCTYPE html><html><body></body></html>"))).toEqual({
      type: "http",
      status: 502,
    });
  });

  it("reads a plain-text body as the message (spec §8) and a transport failure as the network's", () => {
    expect(uploadFailureOf(new ApiError(500, "Disk full\n"))).toEqual({
      type: "problem",
      status: 500,
      message: "Disk full",
    });
    expect(uploadFailureOf(new ApiError("FETCH_ERROR", undefined))).toEqual({ type: "network" });
  });

  it("tells to wait on a 429 or 503 without the server's words, a proxy's page included", () => {
    expect(uploadFailureOf(new ApiError(429, undefined))).toEqual({ type: "busy" });
    expect(
      uploadFailureOf(new ApiError(503, "<html><head><title>503 Service Unavailable</title></head></html>")),
    ).toEqual({
      type: "busy",
    });
    const limited = {
      type: "about:blank",
      title: "Too Many Requests",
      status: 429,
      detail: "Too many attempts; retry in 12 seconds.",
    };
    expect(uploadFailureOf(new ApiError(429, limited))).toEqual({
      type: "problem",
      status: 429,
      message: limited.detail,
    });
  });
});

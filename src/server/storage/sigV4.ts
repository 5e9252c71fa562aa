/**
 * AWS Signature Version 4 for S3-compatible object stores (AWS S3, MinIO,
 * Ceph, R2…), so the server needs no SDK for three object calls. The payload
 * is always hashed and signed (x-amz-content-sha256), never UNSIGNED-PAYLOAD.
 */
import { createHash, createHmac } from "node:crypto";

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding of each path segment, as SigV4's canonical URI wants it. */
export function canonicalPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join("/");
}

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Returns the headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(
  request: { method: string; url: URL; headers?: Record<string, string>; body?: Buffer },
  credentials: SigningCredentials,
  now = new Date(),
): Record<string, string> {
  const service = credentials.service ?? "s3";
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: request.url.host,
    "x-amz-content-sha256": sha256Hex(request.body ?? ""),
    "x-amz-date": stamp,
  };
  const names = Object.keys(headers).sort();
  const query = [...request.url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join("&");
  const canonical = [
    request.method,
    canonicalPath(request.url.pathname),
    query,
    names.map((n) => `${n}:${headers[n]}\n`).join(""),
    names.join(";"),
    headers["x-amz-content-sha256"],
  ].join("\n");
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    "aws4_request",
  );
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${names.join(";")},Signature=${signature}`,
  };
}

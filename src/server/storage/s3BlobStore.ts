/** Blobs as objects in an S3-compatible bucket (BLOB_STORE=s3): PUT, GET and DELETE, signed with SigV4. */
import { randomUUID } from "node:crypto";
import { assertBlobKey, BlobNotFoundError, type BlobStore } from "./blobStore";
import { signRequest } from "./sigV4";

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key, e.g. `agent-chat/`. */
  prefix: string;
  /** endpoint/bucket/key (MinIO, most self-hosted stores) instead of bucket.endpoint/key (AWS). */
  forcePathStyle: boolean;
}

/** S3 answers quickly or not at all; a hung store must not hold a request forever. */
const TIMEOUT_MS = 30_000;

export function createS3BlobStore(settings: S3Settings): BlobStore {
  const urlOf = (key: string): URL => {
    assertBlobKey(key);
    const endpoint = new URL(settings.endpoint);
    const objectPath = `${settings.prefix}${key}`;
    if (settings.forcePathStyle) return new URL(`${endpoint.origin}/${settings.bucket}/${objectPath}`);
    return new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${objectPath}`);
  };

  async function send(method: "PUT" | "GET" | "DELETE", key: string, body?: Buffer): Promise<Response> {
    const url = urlOf(key);
    const headers = signRequest(
      { method, url, body, headers: body ? { "content-type": "application/octet-stream" } : {} },
      settings,
    );
    return fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  async function fail(response: Response, what: string): Promise<never> {
    const detail = (await response.text()).slice(0, 300);
    throw new Error(`S3 ${what} failed with HTTP ${response.status}: ${detail}`);
  }

  return {
    async put(bytes) {
      const key = randomUUID();
      const response = await send("PUT", key, bytes);
      if (!response.ok) await fail(response, "PUT");
      return key;
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) throw new BlobNotFoundError(key);
      if (!response.ok) await fail(response, "GET");
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 for a missing key too; 404 comes from stores that differ.
      if (!response.ok && response.status !== 404) await fail(response, "DELETE");
    },
  };
}

/** Both blob stores behind the one interface: the filesystem store and the S3-compatible one (against a local fake bucket). */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3SettingsFrom } from "../../../../src/server/config";
import { BlobNotFoundError, type BlobStore } from "../../../../src/server/storage/blobStore";
import { createFilesystemBlobStore } from "../../../../src/server/storage/filesystemBlobStore";
import { createS3BlobStore } from "../../../../src/server/storage/s3BlobStore";
import { signRequest } from "../../../../src/server/storage/sigV4";

const credentials = { accessKeyId: "AKIDTEST", secretAccessKey: "secret/key+value", region: "eu-central-1" };

/** A bucket in memory that checks each request's payload hash and signature, as S3 does. */
function fakeBucket(): Promise<{ server: Server; endpoint: string; objects: Map<string, Buffer>; seen: string[] }> {
  const objects = new Map<string, Buffer>();
  const seen: string[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url!, `http://${req.headers.host}`);
    seen.push(`${req.method} ${url.pathname}`);
    const date = String(req.headers["x-amz-date"]);
    const when = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const expected = signRequest(
      {
        method: req.method!,
        url,
        body: body.length ? body : undefined,
        headers: req.headers["content-type"] ? { "content-type": String(req.headers["content-type"]) } : {},
      },
      credentials,
      when,
    );
    const hashOk = req.headers["x-amz-content-sha256"] === createHash("sha256").update(body).digest("hex");
    if (!hashOk || req.headers.authorization !== expected.authorization)
      return res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
    if (req.method === "PUT") objects.set(url.pathname, body);
    if (req.method === "DELETE") objects.delete(url.pathname);
    if (req.method === "GET") {
      const object = objects.get(url.pathname);
      return object ? res.writeHead(200).end(object) : res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
    }
    res.writeHead(req.method === "DELETE" ? 204 : 200).end();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, seen }),
    ),
  );
}

async function roundTrip(store: BlobStore): Promise<string> {
  const bytes = Buffer.from("blob bytes \u0000 with a NUL");
  const key = await store.put(bytes);
  expect((await store.get(key)).equals(bytes)).toBe(true);
  await store.delete(key);
  await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  await store.delete(key);
  return key;
}

describe("SigV4", () => {
  it("matches AWS's published example (GET /test.txt with a Range header)", () => {
    const headers = signRequest(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
      },
      {
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
      },
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("the filesystem store", () => {
  it("stores, reads and deletes under server-made keys only", async () => {
    const root = mkdtempSync(join(tmpdir(), "agent-chat-blobs-"));
    const store = createFilesystemBlobStore(root);
    const key = await roundTrip(store);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(readdirSync(join(root, key.slice(0, 2)))).toEqual([]);
    await expect(store.get("../../etc/passwd")).rejects.toThrow("Invalid blob key");
  });
});

describe("the S3-compatible store", () => {
  let bucket: Awaited<ReturnType<typeof fakeBucket>>;
  beforeAll(async () => {
    bucket = await fakeBucket();
  });
  afterAll(() => new Promise<void>((resolve) => bucket.server.close(() => resolve())));

  it("puts, gets and deletes signed objects under the bucket and prefix", async () => {
    const settings = s3SettingsFrom({
      BLOB_STORE: "s3",
      S3_ENDPOINT: bucket.endpoint,
      S3_BUCKET: "files",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_REGION: credentials.region,
      S3_PREFIX: "agent-chat/",
    })!;
    const key = await roundTrip(createS3BlobStore(settings));
    expect(bucket.seen).toEqual([
      `PUT /files/agent-chat/${key}`,
      `GET /files/agent-chat/${key}`,
      `DELETE /files/agent-chat/${key}`,
      `GET /files/agent-chat/${key}`,
      `DELETE /files/agent-chat/${key}`,
    ]);
    expect(bucket.objects.size).toBe(0);
  });

  it("reports a refused request instead of pretending", async () => {
    const store = createS3BlobStore({
      ...s3SettingsFrom({
        BLOB_STORE: "s3",
        S3_ENDPOINT: bucket.endpoint,
        S3_BUCKET: "b",
        S3_ACCESS_KEY_ID: "x",
        S3_SECRET_ACCESS_KEY: "wrong",
      })!,
      region: credentials.region,
    });
    await expect(store.put(Buffer.from("x"))).rejects.toThrow(
      /S3 PUT failed with HTTP 403: <Error><Code>SignatureDoesNotMatch/,
    );
  });

  it("is chosen by BLOB_STORE and refuses an incomplete configuration", () => {
    expect(s3SettingsFrom({})).toBeUndefined();
    expect(() => s3SettingsFrom({ BLOB_STORE: "s3", S3_BUCKET: "b" })).toThrow(
      "BLOB_STORE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
    );
    expect(() => s3SettingsFrom({ BLOB_STORE: "ftp" })).toThrow('BLOB_STORE must be filesystem or s3, got "ftp"');
  });
});

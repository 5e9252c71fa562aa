/**
 * The blob sweeper: blobs of deleted attachments, library files and vision
 * images (also deleted by cascade) are removed after the grace period, not
 * before; a rolled-back delete leaves its blobs alone; the sweeper runs on start.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attachments, orphanedBlobs, visionImages } from "../../../../src/server/db/filesSchema";
import { users } from "../../../../src/server/db/schema";
import { blobStoreFor } from "../../../../src/server/storage/blobStoreFor";
import { startBlobSweeper, sweepOrphanedBlobs } from "../../../../src/server/storage/blobSweeper";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { makeImage, multipart } from "../../../helpers/fileFixtures";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), "agent-chat-sweeper-")) } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.deps.database.db.delete(orphanedBlobs);
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const blobs = () => blobStoreFor(t.deps.config);
const exists = (key: string) =>
  blobs()
    .get(key)
    .then(
      () => true,
      () => false,
    );
const queued = async () =>
  (await t.deps.database.db.select({ key: orphanedBlobs.blobKey }).from(orphanedBlobs)).map((r) => r.key).sort();
const age = (ms: number) =>
  t.deps.database.db.update(orphanedBlobs).set({ orphanedAt: sql`now() - make_interval(secs => ${ms / 1000})` });

async function post(token: string, url: string, body: { payload: Buffer; headers: Record<string, string> }) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/internal${url}`,
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("blob sweeper", () => {
  it("removes the blobs of a deleted user's attachment and image after the grace period only", async () => {
    const user = await t.createUser({ userName: "leaver", roles: ["user"] });
    const token = await t.tokenFor(user);
    const { attachmentId } = await post(
      token,
      "/attachments",
      multipart(
        { attachmentType: "CodeInterpreter", context: "Conversation" },
        { name: "data.csv", content: Buffer.from("a,b\n1,2\n") },
      ),
    );
    const { visionImageId } = await post(
      token,
      "/userConversations/VisionImages/Files",
      multipart({}, { name: "photo.png", content: await makeImage("png"), type: "image/png" }),
    );
    const db = t.deps.database.db;
    const [file] = await db.select().from(attachments).where(eq(attachments.attachmentId, attachmentId));
    const [image] = await db.select().from(visionImages).where(eq(visionImages.visionImageId, visionImageId));
    const keys = [file!.blobKey, image!.blobKey, image!.thumbnailBlobKey].sort();

    // The user goes; their rows go by cascade, and the trigger queues every blob.
    await db.delete(users).where(eq(users.userName, "leaver"));
    expect(await queued()).toEqual(keys);

    expect(await sweepOrphanedBlobs(db, blobs())).toBe(0);
    for (const key of keys) expect(await exists(key)).toBe(true);

    await age(2 * 60 * 60 * 1000);
    expect(await sweepOrphanedBlobs(db, blobs())).toBe(3);
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await queued()).toEqual([]);
  });

  it("queues a library file's blob when the file is deleted, and nothing when a delete rolls back", async () => {
    const adminToken = await t.tokenFor(TEST_ADMIN.userName);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/internal/admin/dataSources",
      headers: auth(adminToken),
      payload: { name: "Sweep library" },
    });
    const { dataSourceId } = created.json();
    const { fileId } = await post(
      adminToken,
      `/admin/dataSources/${dataSourceId}/files`,
      multipart({}, { name: "a.txt", content: Buffer.from("Sweep me.") }),
    );
    const db = t.deps.database.db;
    const [row] = await db.select().from(attachments).where(eq(attachments.attachmentId, fileId));

    await expect(
      db.transaction(async (tx) => {
        await tx.delete(attachments).where(eq(attachments.attachmentId, fileId));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await queued()).toEqual([]);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/internal/admin/dataSources/${dataSourceId}/files/${fileId}`,
      headers: auth(adminToken),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await queued()).toEqual([row!.blobKey]);
    await age(2 * 60 * 60 * 1000);
    // The handler removed the blob already; the sweep only clears the queue.
    expect(await sweepOrphanedBlobs(db, blobs())).toBe(1);
    expect(await queued()).toEqual([]);
  });

  it("sweeps when it starts", async () => {
    const key = await blobs().put(Buffer.from("orphan"));
    await t.deps.database.db.insert(orphanedBlobs).values({ blobKey: key });
    const sweeper = startBlobSweeper({
      db: t.deps.database.db,
      blobs: blobs(),
      log: pino({ level: "silent" }),
      graceMs: 0,
    });
    await sweeper.stop();
    expect(await exists(key)).toBe(false);
    expect(await queued()).toEqual([]);
  });
});

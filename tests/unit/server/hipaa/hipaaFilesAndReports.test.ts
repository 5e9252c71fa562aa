/** Retention removes a conversation's files with it; in HIPAA mode moderation reports copy no conversation text. */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationSegments } from "../../../../src/server/db/chatSchema";
import { generatedFiles } from "../../../../src/server/db/codeInterpreterSchema";
import {
  attachments,
  fileChunks,
  indexingJobs,
  orphanedBlobs,
  visionImages,
} from "../../../../src/server/db/filesSchema";
import { moderationReports } from "../../../../src/server/db/moderationSchema";
import { writeSetting } from "../../../../src/server/features/adminInstanceSettings/settingsStore";
import { runHipaaMaintenance } from "../../../../src/server/hipaa/registerHipaaMaintenance";
import { deleteExpiredConversations } from "../../../../src/server/hipaa/retention";
import { BlobNotFoundError } from "../../../../src/server/storage/blobStore";
import { blobStoreFor } from "../../../../src/server/storage/blobStoreFor";
import { sweepOrphanedBlobs } from "../../../../src/server/storage/blobSweeper";
import { buildTestApp, TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, listen } from "../../../helpers/chatFixtures";
import { seedConversation } from "../admin/analyticsSeed";
import { apiFor, chatOnce, createPublishedPersonalAgent } from "../personalAgents/personalAgentsKit";

let t: TestApp;
const DAY_MS = 86_400_000;
const NOW = new Date("2026-06-15T12:00:00.000Z");

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setHipaa = (value: { enabled: boolean; retentionDays: number | null }) =>
  t.deps.database.db.transaction((tx) => writeSetting(tx, "hipaa", value));

describe("retention deletes a conversation's files", () => {
  it("removes its attachments (chunks, jobs), vision images and generated files, and their blobs", async () => {
    const db = t.deps.database.db;
    const blobs = blobStoreFor(t.deps.config);
    const { userId } = await t.createUser({ userName: "retention-files" });
    const { gptSystemId } = await createAgent(db, { name: "Files", encryptionKey: t.deps.config.encryptionKey });
    const old = new Date(NOW.getTime() - 40 * DAY_MS).toISOString();
    const expired = await seedConversation(db, { userId, gptSystemId, at: old, segments: [{ at: old }] });
    const kept = await seedConversation(db, {
      userId,
      gptSystemId,
      at: NOW.toISOString(),
      segments: [{ at: NOW.toISOString() }],
    });

    const file = async (context: string) => {
      const [row] = await db
        .insert(attachments)
        .values({
          ownerUserId: userId,
          originalFileName: `${context}.txt`,
          type: "FileSearch",
          context,
          mimeType: "text/plain",
          byteSize: 5,
          sha256: "0".repeat(64),
          blobKey: await blobs.put(Buffer.from(context)),
        })
        .returning();
      return row!;
    };
    const attached = await file("Conversation");
    const sharedWithKept = await file("Conversation");
    const agentFile = await file("GptSystem");
    await db.insert(fileChunks).values({ attachmentId: attached.attachmentId, ordinal: 0, content: "hello" });
    await db.insert(indexingJobs).values({ attachmentId: attached.attachmentId, status: "Online" });
    const [image] = await db
      .insert(visionImages)
      .values({
        ownerUserId: userId,
        blobFileName: "photo.png",
        blobKey: await blobs.put(Buffer.from("image")),
        mimeType: "image/png",
        thumbnailBlobFileName: "photo-thumb.png",
        thumbnailBlobKey: await blobs.put(Buffer.from("thumbnail")),
        thumbnailMimeType: "image/png",
        width: 1,
        height: 1,
        byteSize: 5,
      })
      .returning();
    const [segment] = await db
      .update(conversationSegments)
      .set({
        attachmentIds: [attached.attachmentId, sharedWithKept.attachmentId, agentFile.attachmentId],
        visionImageIds: [image!.visionImageId],
      })
      .where(eq(conversationSegments.conversationId, expired))
      .returning();
    await db
      .update(conversationSegments)
      .set({ attachmentIds: [sharedWithKept.attachmentId] })
      .where(eq(conversationSegments.conversationId, kept));
    const [generated] = await db
      .insert(generatedFiles)
      .values({
        ownerUserId: userId,
        conversationId: expired,
        conversationSegmentId: segment!.conversationSegmentId,
        fileName: "chart.csv",
        mimeType: "text/csv",
        byteSize: 3,
        blobKey: await blobs.put(Buffer.from("a,b")),
      })
      .returning();

    expect(await deleteExpiredConversations(db, NOW, 30)).toBe(1);

    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    expect(
      ids(
        await db
          .select({ id: attachments.attachmentId })
          .from(attachments)
          .where(
            inArray(attachments.attachmentId, [
              attached.attachmentId,
              sharedWithKept.attachmentId,
              agentFile.attachmentId,
            ]),
          ),
      ),
    ).toEqual([sharedWithKept.attachmentId, agentFile.attachmentId].sort());
    expect(await db.select().from(fileChunks).where(eq(fileChunks.attachmentId, attached.attachmentId))).toEqual([]);
    expect(await db.select().from(indexingJobs).where(eq(indexingJobs.attachmentId, attached.attachmentId))).toEqual(
      [],
    );
    expect(await db.select().from(visionImages).where(eq(visionImages.visionImageId, image!.visionImageId))).toEqual(
      [],
    );
    expect(await db.select().from(generatedFiles).where(eq(generatedFiles.fileId, generated!.fileId))).toEqual([]);

    const gone = [attached.blobKey, image!.blobKey, image!.thumbnailBlobKey, generated!.blobKey];
    const queued = await db
      .select({ key: orphanedBlobs.blobKey })
      .from(orphanedBlobs)
      .where(inArray(orphanedBlobs.blobKey, gone));
    expect(queued.map((q) => q.key).sort()).toEqual([...gone].sort());
    expect(await sweepOrphanedBlobs(db, blobs, 0)).toBeGreaterThanOrEqual(4);
    for (const key of gone) await expect(blobs.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect((await blobs.get(sharedWithKept.blobKey)).toString()).toBe("Conversation");
    expect((await blobs.get(agentFile.blobKey)).toString()).toBe("GptSystem");
  });
});

describe("moderation reports in HIPAA mode", () => {
  let base: string;
  let admin: string;
  const api = () => apiFor(t);
  beforeAll(async () => {
    base = await listen(t.app);
    admin = await t.tokenFor(TEST_ADMIN.userName);
  });

  let counter = 0;
  async function report(question: string) {
    counter += 1;
    const creator = await t.createUser({ userName: `hipaa-report-${counter}`, roles: ["user"] });
    const token = await t.tokenFor(creator);
    const { gptSystemId } = await createPublishedPersonalAgent(t, token, `Reported ${counter}`);
    const conversationId = await chatOnce(base, token, gptSystemId, question);
    const filed = await api()("POST", `/userConversations/${conversationId}/report`, token, {
      reportReason: "HarmfulContent",
    });
    expect(filed.statusCode).toBe(201);
    return filed.json().moderationReportId as string;
  }
  const stored = async (id: string) =>
    JSON.stringify(
      (
        await t.deps.database.db.select().from(moderationReports).where(eq(moderationReports.moderationReportId, id))
      )[0]!.context,
    );
  const shown = async (id: string) =>
    (await api()("GET", `/admin/moderation/reports/${id}/context`, admin)).json().conversationSegments as {
      role: string;
      text: string;
    }[];

  it("keeps a snapshot of the text while HIPAA mode is off", async () => {
    await setHipaa({ enabled: false, retentionDays: null });
    const id = await report("An ordinary question");
    expect(await stored(id)).toContain("An ordinary question");
    expect((await shown(id))[0]).toEqual({ role: "user", text: "An ordinary question" });
  });

  it("stores only references in HIPAA mode, and shows the moderator the messages by reference", async () => {
    await setHipaa({ enabled: true, retentionDays: null });
    try {
      const id = await report("My diagnosis is private");
      expect(await stored(id)).not.toContain("My diagnosis is private");
      expect(await stored(id)).not.toContain('"text"');
      const messages = await shown(id);
      expect(messages.map((m) => m.role)).toEqual(["user", "agent"]);
      expect(messages[0]!.text).toBe("My diagnosis is private");
      expect(messages[1]!.text.length).toBeGreaterThan(0);
    } finally {
      await setHipaa({ enabled: false, retentionDays: null });
    }
  });

  it("replaces the snapshots of earlier reports when HIPAA mode is turned on", async () => {
    const id = await report("Filed before HIPAA mode");
    const before = await shown(id);
    expect(await stored(id)).toContain("Filed before HIPAA mode");
    await setHipaa({ enabled: true, retentionDays: null });
    try {
      await runHipaaMaintenance(t.deps, NOW);
      expect(await stored(id)).not.toContain('"text"');
      expect(await shown(id)).toEqual(before);
    } finally {
      await setHipaa({ enabled: false, retentionDays: null });
    }
  });
});

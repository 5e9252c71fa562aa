/** Contract samples for the code interpreter's files: a conversation whose answer holds one CSV and one PNG. */
import { randomBytes } from "node:crypto";
import { codeInterpreterRuns, generatedFiles } from "../../src/server/db/codeInterpreterSchema";
import { blobStoreFor } from "../../src/server/storage/blobStoreFor";
import { decodeFrames } from "../../src/server/streaming/sse";
import { createAgent } from "../helpers/chatFixtures";
import { TEST_ADMIN, type TestApp } from "../helpers/buildTestApp";
import { makeImage } from "../helpers/fileFixtures";

export interface CodeInterpreterFixture {
  codeConversationId: string;
  codeSegmentId: string;
  generatedFileId: string;
  imageKey: string;
}

export async function createCodeInterpreterFixture(t: TestApp): Promise<CodeInterpreterFixture> {
  const db = t.deps.database.db;
  const { gptSystemId } = await createAgent(db, { name: "Contract code agent", encryptionKey: t.deps.config.encryptionKey });
  const stream = await t.app.inject({
    method: "POST",
    url: `/api/internal/userConversations/byGptSystemId/${gptSystemId}`,
    headers: { authorization: `Bearer ${await t.tokenFor(TEST_ADMIN.userName)}` },
    payload: { question: "Sum the column" },
  });
  const ids = decodeFrames(stream.body)[0]!.data as { conversationId: string; conversationSegmentId: string };
  const [owner] = await db.query.users.findMany({ where: (u, { eq }) => eq(u.userName, TEST_ADMIN.userName) });
  // Rows as a run leaves them (the sandbox itself is exercised by tests/unit/server/codeInterpreter).
  const [run] = await db
    .insert(codeInterpreterRuns)
    .values({ conversationSegmentId: ids.conversationSegmentId, ordinal: 1, code: "print(1)", output: "1\n", outcome: "ok", durationMs: 5 })
    .returning();
  const store = blobStoreFor(t.deps.config);
  const base = { ownerUserId: owner!.userId, conversationId: ids.conversationId, conversationSegmentId: ids.conversationSegmentId, runId: run!.runId };
  const csv = Buffer.from("a,b\n1,2\n");
  const [file] = await db
    .insert(generatedFiles)
    .values({ ...base, fileName: "out.csv", mimeType: "text/csv", byteSize: csv.length, blobKey: await store.put(csv) })
    .returning();
  const png = await makeImage("png", 4, 4);
  const imageKey = randomBytes(32).toString("base64url");
  await db.insert(generatedFiles).values({ ...base, fileName: "chart.png", mimeType: "image/png", byteSize: png.length, blobKey: await store.put(png), imageKey });
  return { codeConversationId: ids.conversationId, codeSegmentId: ids.conversationSegmentId, generatedFileId: file!.fileId, imageKey };
}

const missing = "00000000-0000-4000-8000-000000000000";
const fileUrl = (f: CodeInterpreterFixture, fileId = f.generatedFileId) =>
  `/userConversations/${f.codeConversationId}/segments/${f.codeSegmentId}/openAIFiles/${fileId}`;
const imageUrl = (f: CodeInterpreterFixture, key = f.imageKey) => `/generatedImages/${f.codeConversationId}/${f.codeSegmentId}/${key}/chart.png`;

export const codeInterpreterSamples = [
  { operationId: "downloadUserConversationSegmentOpenAIFile", url: (f: CodeInterpreterFixture) => fileUrl(f), status: 200 },
  { operationId: "downloadUserConversationSegmentOpenAIFile", url: (f: CodeInterpreterFixture) => fileUrl(f, missing), status: 404 },
  { operationId: "downloadUserConversationSegmentOpenAIFile", url: (f: CodeInterpreterFixture) => fileUrl(f), as: "contract-no-roles", status: 403 },
  { operationId: "downloadUserConversationSegmentOpenAIFile", url: (f: CodeInterpreterFixture) => fileUrl(f, "not-a-uuid"), status: 400 },
  { operationId: "getGeneratedImage", prefix: "", url: (f: CodeInterpreterFixture) => imageUrl(f), as: null, status: 200 },
  { operationId: "getGeneratedImage", prefix: "", url: (f: CodeInterpreterFixture) => imageUrl(f, "B".repeat(43)), as: null, status: 404 },
  { operationId: "getGeneratedImage", prefix: "", url: (f: CodeInterpreterFixture) => imageUrl(f, "short"), as: null, status: 400 },
];

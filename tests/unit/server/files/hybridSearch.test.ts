/**
 * Hybrid file search: with an embedding deployment set (apiKeys tab), passages
 * are embedded after their text index and questions are ranked by full text and
 * vectors together — a question sharing no word with the right passage finds it,
 * exact words still win — ranked in process (PGlite, or a PostgreSQL server
 * without the extension) and by pgvector (a server that has it; on PGlite only
 * when forced, as the SQL cannot be exercised elsewhere here). An embedding
 * failure leaves the text index Online with the error recorded.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileChunks, indexingJobs } from "../../../../src/server/db/filesSchema";
import { embedderFor } from "../../../../src/server/embeddings/currentEmbedder";
import {
  disableVectorExtensionFor,
  enableVectorExtensionEvenOnPglite,
  hasVectorExtension,
} from "../../../../src/server/embeddings/vectorExtension";
import { fuseRankings, searchAttachments } from "../../../../src/server/retrieval/search";
import { FAKE_EMBEDDING_DIMENSIONS, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { TEST_ADMIN, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, readStream } from "../../../helpers/chatFixtures";
import { multipart } from "../../../helpers/fileFixtures";
import { startFileChatApp, type FileChatApp } from "../../../helpers/fileChatApp";

let app: FileChatApp;
let t: TestApp;
let fake: FakeModelServer;
let ownerToken: string;
let adminToken: string;

beforeAll(async () => {
  app = await startFileChatApp("hybrid", { INDEXING_RETRY_BASE_MS: "60000" }, ["hybrid-owner", "hybrid-stranger"]);
  ({ t, fake, ownerToken } = app);
  adminToken = await t.tokenFor(TEST_ADMIN.userName);
});
afterAll(() => app.close());

const db = () => t.deps.database.db;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function admin(method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({ method, url: `/api/internal/admin${url}`, headers: auth(adminToken), payload });
}

async function connectionWithDeployment(providerType: string, baseUrl: string, deploymentName: string) {
  const connection = await admin("POST", "/Connections", { name: `${providerType} embeddings`, providerType, baseUrl, apiKey: "sk-embed" });
  expect(connection.statusCode, connection.body).toBe(201);
  const deployment = await admin("POST", `/Connections/${connection.json().connectionId}/deployments`, { deploymentName });
  expect(deployment.statusCode, deployment.body).toBe(201);
  return deployment.json().deploymentId as string;
}

async function upload(name: string, text: string): Promise<string> {
  const body = multipart({ attachmentType: "FileSearch", context: "Conversation" }, { name, content: Buffer.from(text) });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/internal/attachments",
    headers: { ...auth(ownerToken), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attachmentId as string;
}

/** The file's job once indexed (and, when `embedded`, once its vector index has an outcome). */
async function indexed(attachmentId: string, embedded: boolean) {
  for (let i = 0; i < 400; i++) {
    const [job] = await db().select().from(indexingJobs).where(eq(indexingJobs.attachmentId, attachmentId));
    if (job?.status === "Online" && (!embedded || job.embeddingStatus)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the file was never indexed");
}

const handbook = [
  "# Welcome",
  "Read the whole handbook before your first day at the office.",
  "# Cafeteria",
  "The cafeteria serves lunch from noon until two o'clock.",
  "# Vault",
  "The vault combination is 7-3-9-1 and changes every March.",
  "# Garage",
  "Staff may leave their cars in the north garage at no cost.",
].join("\n\n");

/** Shares no word with the Garage passage ("automobile" is a "car" only in the fake embedding space). */
const SYNONYM_QUESTION = "Where should I put my automobile?";
const EXACT_QUESTION = "What is the vault combination?";

/** Questions ranked by both words and meaning, whose whole order must not depend on where cosines are computed
 * (the default ranking, then pgvector and in process, must agree). */
const MIXED_QUESTIONS = ["Who pays for automobiles parked in the north?", "lunch and the vault", "first day"];
const defaultRankings: (string | null)[][] = [];

/** How many of the file's passages have a typed pgvector copy; null while the column does not exist. */
async function typedVectorCount(attachmentId: string): Promise<number | null> {
  const column = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from information_schema.columns where table_name = 'file_chunks' and column_name = 'embedding_vector'`,
  );
  if (column.rows[0]!.n === 0) return null;
  const typed = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from file_chunks where attachment_id = ${attachmentId} and vector_dims(embedding_vector) = ${FAKE_EMBEDDING_DIMENSIONS}`,
  );
  return typed.rows[0]!.n;
}

const headings = async (attachmentId: string, question: string) => {
  const passages = await searchAttachments(db(), [attachmentId], question, 5, await embedderFor(db(), t.deps.config));
  return passages.map((p) => p.heading);
};

describe("reciprocal rank fusion", () => {
  it("ranks passages found by both rankings first and lets the text ranking break ties", () => {
    expect(fuseRankings(["a", "b", "c"], ["d", "b"])).toEqual(["b", "a", "d", "c"]);
    expect(fuseRankings(["a"], ["d"])).toEqual(["a", "d"]);
    expect(fuseRankings([], ["d", "e"])).toEqual(["d", "e"]);
  });
});

describe("hybrid file search", () => {
  let handbookId: string;
  let embeddingDeploymentId: string;

  it("without an embedding deployment searches full text only: a question with no shared word gets the beginning", async () => {
    handbookId = await upload("handbook.md", handbook);
    const job = await indexed(handbookId, false);
    expect(job).toMatchObject({ embeddingModel: null, embeddingStatus: null, embeddingError: null });
    expect((await headings(handbookId, SYNONYM_QUESTION))[0]).toBe("Welcome");
    expect((await headings(handbookId, EXACT_QUESTION))[0]).toBe("Vault");
    expect(fake.embeddingRequests).toHaveLength(0);
  });

  it("refuses an Anthropic deployment and an unknown one with a field error", async () => {
    const anthropic = await connectionWithDeployment("anthropic", "", "claude-sonnet-4-5");
    const refused = await admin("PUT", "/instanceSettings/apiKeys", { embeddingDeploymentId: anthropic });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(refused.json().errors).toEqual({
      embeddingDeploymentId: ["must be an OpenAI, Azure OpenAI or OpenAI-compatible deployment (Anthropic has no embeddings)"],
    });
    const unknown = await admin("PUT", "/instanceSettings/apiKeys", {
      embeddingDeploymentId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ embeddingDeploymentId: ["must name an existing deployment"] });
    expect((await admin("GET", "/instanceSettings/apiKeys")).json().embeddingDeploymentId).toBeNull();
  });

  it("once an embedding deployment is chosen, re-embeds the files and finds the passage by meaning", async () => {
    embeddingDeploymentId = await connectionWithDeployment("openaiCompatible", fake.openaiBaseUrl, "fake-embedding");
    const saved = await admin("PUT", "/instanceSettings/apiKeys", { embeddingDeploymentId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().embeddingDeploymentId).toBe(embeddingDeploymentId);
    const tab = (await admin("GET", "/instanceSettings/apiKeys")).json();
    expect(tab.embeddingDeploymentId).toBe(embeddingDeploymentId);
    // The picker offers OpenAI-protocol deployments only (the Anthropic one made above is left out).
    expect(tab.embeddingDeploymentChoices).toEqual([
      { deploymentId: embeddingDeploymentId, label: "openaiCompatible embeddings — fake-embedding" },
    ]);

    // The choice re-queued the file already indexed without vectors.
    const job = await indexed(handbookId, true);
    expect(job).toMatchObject({
      status: "Online",
      embeddingStatus: "Online",
      embeddingError: null,
      embeddingModel: `${embeddingDeploymentId}:fake-embedding`,
    });
    const vectors = await db().select({ embedding: fileChunks.embedding }).from(fileChunks).where(eq(fileChunks.attachmentId, handbookId));
    expect(vectors).toHaveLength(4);
    expect(vectors.every((v) => v.embedding?.length === FAKE_EMBEDDING_DIMENSIONS)).toBe(true);
    expect(fake.embeddingRequests[0]!.body).toMatchObject({ model: "fake-embedding" });
    expect(fake.embeddingRequests[0]!.headers.authorization).toBe("Bearer sk-embed");

    if (t.deps.database.kind === "pglite") {
      // PGlite ranks in process (faster there than its WebAssembly pgvector): no typed copy is made.
      expect(await hasVectorExtension(db())).toBe(false);
      expect(await typedVectorCount(handbookId)).toBeNull();
    }
    expect((await headings(handbookId, SYNONYM_QUESTION))[0]).toBe("Garage");
    expect((await headings(handbookId, EXACT_QUESTION))[0]).toBe("Vault");
    for (const question of MIXED_QUESTIONS) defaultRankings.push(await headings(handbookId, question));
    expect(defaultRankings[0]).toHaveLength(4);
  });

  it("answers a chat question from the passage found by meaning", async () => {
    const { gptSystemId } = await createAgent(db(), { encryptionKey: t.deps.config.encryptionKey });
    const { frames } = await readStream(`${app.base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: SYNONYM_QUESTION,
      attachmentIds: [handbookId],
    });
    const citations = (frames.find((f) => f.event === "response-model")!.data as { citations: { snippet: string }[] })
      .citations;
    expect(citations[0]!.snippet).toBe("Staff may leave their cars in the north garage at no cost.");
  });

  it("ranks the same with pgvector where the database has it (forced on PGlite)", async (context) => {
    const enabled = await enableVectorExtensionEvenOnPglite(db());
    // Debian's PostgreSQL has no pgvector package: that run covers the in-process ranking only.
    if (!enabled && t.deps.database.kind === "postgres") context.skip();
    expect(enabled).toBe(true);
    expect(await hasVectorExtension(db())).toBe(true);
    // Vectors stored before the extension was enabled are copied into the typed column.
    expect(await typedVectorCount(handbookId)).toBe(4);
    expect((await headings(handbookId, SYNONYM_QUESTION))[0]).toBe("Garage");
    expect((await headings(handbookId, EXACT_QUESTION))[0]).toBe("Vault");
    const rankings = [];
    for (const question of MIXED_QUESTIONS) rankings.push(await headings(handbookId, question));
    expect(rankings).toEqual(defaultRankings);
  });

  it("ranks the same without pgvector (exact cosine in process)", async () => {
    disableVectorExtensionFor(db());
    expect(await hasVectorExtension(db())).toBe(false);
    expect((await headings(handbookId, SYNONYM_QUESTION))[0]).toBe("Garage");
    expect((await headings(handbookId, EXACT_QUESTION))[0]).toBe("Vault");
    const rankings = [];
    for (const question of MIXED_QUESTIONS) rankings.push(await headings(handbookId, question));
    expect(rankings).toEqual(defaultRankings);
  });

  it("keeps the text index Online when embedding fails, with the error recorded", async () => {
    fake.failEmbeddings({ status: 500, message: "embedding backend down" });
    try {
      const memoId = await upload("memo.md", "# Memo\n\nThe quarterly review moves to Thursday.\n\n# Parking\n\nCars go to the north garage.");
      const job = await indexed(memoId, true);
      expect(job.status).toBe("Online");
      expect(job.chunkCount).toBe(2);
      expect(job.embeddingStatus).toBe("Error");
      expect(job.embeddingModel).toBeNull();
      expect(job.embeddingError).toMatch(/^The model server answered with an error \(500\): .*embedding backend down/);
      // Text search still answers; the question's vector cannot be had either, so text alone ranks.
      expect((await headings(memoId, "When is the quarterly review?"))[0]).toBe("Memo");
      expect((await headings(handbookId, SYNONYM_QUESTION))[0]).toBe("Welcome");
    } finally {
      fake.failEmbeddings(undefined);
    }
  });
});

/**
 * The code interpreter end to end over real HTTP: a scripted model calls
 * run_python over an uploaded CSV (OpenAI and Anthropic protocols), the result
 * goes back to the model, the answer, the runs and the generated files are
 * stored, the files download for their owner only and the image is served at
 * its /generatedImages URL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configStates } from "../../../../src/server/db/chatSchema";
import { timeoutMessage } from "../../../../src/server/codeInterpreter/sandbox";
import { roundsExhaustedStep } from "../../../../src/server/codeInterpreter/toolLoop";
import type { FakeModelServer } from "../../../fakes/fakeModelServer";
import { startFileChatApp, type FileChatApp } from "../../../helpers/fileChatApp";
import type { TestApp } from "../../../helpers/buildTestApp";
import { answerOf, createAgent, readStream, type Frame } from "../../../helpers/chatFixtures";
import { multipart } from "../../../helpers/fileFixtures";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let ownerToken: string;
let strangerToken: string;

let app: FileChatApp;
beforeAll(async () => {
  app = await startFileChatApp("code", { CODE_INTERPRETER_TIMEOUT_SECONDS: "3" }, ["analyst", "other-analyst"]);
  ({ t, fake, base, ownerToken, strangerToken } = app);
});
afterAll(() => app.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function codeAgent(protocol: "openai" | "anthropic"): Promise<string> {
  const { gptSystemId, configStateId } = await createAgent(t.deps.database.db, {
    name: `Analyst ${protocol}`,
    encryptionKey: t.deps.config.encryptionKey,
    ...(protocol === "openai" ? { openaiBaseUrl: fake.openaiBaseUrl } : { anthropicBaseUrl: fake.anthropicBaseUrl }),
  });
  await t.deps.database.db
    .update(configStates)
    .set({ capabilityTypes: ["CodeInterpreter"] })
    .where(eq(configStates.configStateId, configStateId));
  return gptSystemId;
}

async function uploadCsv(): Promise<string> {
  const body = multipart(
    { attachmentType: "CodeInterpreter", context: "Conversation" },
    { name: "sales.csv", content: Buffer.from("region,amount\nnorth,30\nsouth,8\nnorth,12\n") },
  );
  const response = await t.app.inject({
    method: "POST",
    url: "/api/internal/attachments",
    headers: { ...auth(ownerToken), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attachmentId;
}

const PROGRAM = `import csv, struct, zlib
totals = {}
for row in csv.DictReader(open('/mnt/data/sales.csv')):
    totals[row['region']] = totals.get(row['region'], 0) + int(row['amount'])
for region in sorted(totals):
    print(region, totals[region])
with open('summary.csv', 'w', newline='') as f:
    csv.writer(f).writerows([['region', 'total']] + [[r, totals[r]] for r in sorted(totals)])
def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
pixels = b''.join(b'\\x00' + bytes((30, 120, 200)) * 4 for _ in range(3))
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 4, 3, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(pixels)) + chunk(b'IEND', b'')
with open('chart.png', 'wb') as f:
    f.write(png)`;

/** Events whose data is checked separately (ids, the run's markdown). */
const OPAQUE = new Set([
  "conversation-and-segment-id",
  "segment-answered-with-gpt-system",
  "cosmos-db-session-tokens",
  "code-interpreter-updated",
  "generated-image-link",
  "response-model",
]);
const CODE_MARKDOWN = "```python\n" + PROGRAM + "\n```\n\n~~~~text\n";
const TOOL_RESULT =
  "Outcome: ok\n\nOutput:\nnorth 42\nsouth 8\n\n\nFiles written (the user can download them): summary.csv, chart.png";

describe("run_python through OpenAI tool calling", () => {
  let frames: Frame[];
  let ids: { conversationId: string; conversationSegmentId: string };

  beforeAll(async () => {
    const gptSystemId = await codeAgent("openai");
    const attachmentId = await uploadCsv();
    fake.requests.length = 0;
    fake.enqueue(
      {
        tokens: ["Let me compute."],
        toolCalls: [{ id: "call_sum", name: "run_python", arguments: { code: PROGRAM } }],
      },
      { tokens: ["North", " sold", " most."] },
    );
    const stream = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: "Which region sold most?",
      attachmentIds: [attachmentId],
    });
    expect(stream.status).toBe(200);
    frames = stream.frames;
    ids = frames[0]!.data as typeof ids;
  }, 240_000);

  it("streams the run between the two model rounds, in this exact order", () => {
    const image = frames.find((f) => f.event === "generated-image-link")!.data as {
      fileId: string;
      fileName: string;
      url: string;
    };
    expect(image.fileName).toBe("chart.png");
    expect(image.url).toMatch(
      new RegExp(`^/generatedImages/${ids.conversationId}/${ids.conversationSegmentId}/[A-Za-z0-9_-]{43}/chart\\.png$`),
    );
    expect(frames.map((f) => [f.event, OPAQUE.has(f.event) ? null : f.data])).toEqual([
      ["conversation-and-segment-id", null],
      ["segment-answered-with-gpt-system", null],
      ["cosmos-db-session-tokens", null],
      ["step-update", "Generating the answer"],
      ["response-updated", "Let me compute."],
      ["step-update", "Running Python code"],
      ["code-interpreter-updated", null],
      ["code-interpreter-updated", null],
      ["code-interpreter-updated", null],
      ["code-interpreter-updated", null],
      ["generated-image-link", null],
      ["response-updated", "\n\n"],
      ["response-updated", "North"],
      ["response-updated", " sold"],
      ["response-updated", " most."],
      ["response-model", null],
      ["no-more-data", null],
    ]);
    expect(frames.filter((f) => f.event === "code-interpreter-updated").map((f) => f.data)).toEqual([
      CODE_MARKDOWN,
      "north 42\n",
      "south 8\n",
      "~~~~\n\n",
    ]);
    expect(answerOf(frames)).toBe("Let me compute.\n\nNorth sold most.");
    expect((frames.at(-2)!.data as { status: string }).status).toBe("Complete");
  });

  it("offers run_python to the model and sends the run's result back with the call", () => {
    // The third request titles the new conversation.
    expect(fake.requests).toHaveLength(3);
    const [first, second] = fake.requests;
    const tools = first!.body.tools as { type: string; function: { name: string; description: string } }[];
    expect(tools.map((tool) => [tool.type, tool.function.name])).toEqual([["function", "run_python"]]);
    expect(tools[0]!.function.description).toContain("The user's files are in /mnt/data: sales.csv.");
    const messages = second!.body.messages as Record<string, unknown>[];
    expect(messages.slice(-2)).toEqual([
      {
        role: "assistant",
        content: "Let me compute.",
        tool_calls: [
          {
            id: "call_sum",
            type: "function",
            function: { name: "run_python", arguments: JSON.stringify({ code: PROGRAM }) },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_sum", content: TOOL_RESULT },
    ]);
  });

  it("stores the answer, the code, its output and the files, so a reload shows them", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/internal/userConversations/${ids.conversationId}`,
      headers: auth(ownerToken),
    });
    expect(response.statusCode).toBe(200);
    const segment = response.json().conversationSegmentTree.segments[0];
    expect(segment.answer).toBe("Let me compute.\n\nNorth sold most.");
    const image = frames.find((f) => f.event === "generated-image-link")!.data as { fileId: string; url: string };
    expect(segment.codeInterpreterResponse).toBe(`${CODE_MARKDOWN}north 42\nsouth 8\n~~~~\n\n`);
    expect(
      segment.openAIFileReferences.map((f: Record<string, unknown>) => [
        f.reference,
        f.fileName,
        f.mimeType,
        f.byteSize,
        f.imageUrl,
      ]),
    ).toEqual([
      ["/mnt/data/summary.csv", "summary.csv", "text/csv", 33, null],
      ["/mnt/data/chart.png", "chart.png", "image/png", expect.any(Number), image.url],
    ]);
  });

  it("keeps the code, its output and the files in the segment that rating the answer answers with", async () => {
    const segmentUrl = `/api/internal/userConversations/${ids.conversationId}/segments/${ids.conversationSegmentId}/feedback`;
    const read = await t.app.inject({
      method: "GET",
      url: `/api/internal/userConversations/${ids.conversationId}`,
      headers: auth(ownerToken),
    });
    const shown = read.json().conversationSegmentTree.segments[0];
    for (const method of ["POST", "DELETE"] as const) {
      const rated = await t.app.inject({
        method,
        url: segmentUrl,
        headers: auth(ownerToken),
        ...(method === "POST" ? { payload: { feedback: "Positive" } } : {}),
      });
      expect(rated.statusCode).toBe(200);
      expect(rated.json()).toMatchObject({
        feedback: method === "POST" ? "Positive" : null,
        codeInterpreterResponse: shown.codeInterpreterResponse,
        openAIFileReferences: shown.openAIFileReferences,
      });
    }
  });

  it("logs each model round and the tool call in the answer's trace log", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/internal/userConversations/${ids.conversationId}/segments/${ids.conversationSegmentId}/traceLogs`,
      headers: auth(ownerToken),
    });
    expect(response.statusCode).toBe(200);
    const entries = (response.json() as { traceLogs: { event: string; message: string }[] }).traceLogs;
    const rounds = entries.filter((e) => e.event === "provider-request" || e.event === "tool-call");
    expect(rounds.map((e) => [e.event, e.message])).toEqual([
      ["provider-request", "Request sent to the model provider"],
      ["tool-call", "Tool called: run Python code"],
      ["provider-request", "Tool results sent back to the model provider"],
    ]);
    expect(entries.some((e) => e.event === "finished")).toBe(true);
  });

  it("downloads a generated file for its owner and answers 404 to anyone else", async () => {
    const conversation = await t.app.inject({
      method: "GET",
      url: `/api/internal/userConversations/${ids.conversationId}`,
      headers: auth(ownerToken),
    });
    const summary = conversation.json().conversationSegmentTree.segments[0].openAIFileReferences[0];
    const url = `/api/internal/userConversations/${ids.conversationId}/segments/${ids.conversationSegmentId}/openAIFiles/${summary.fileId}`;
    const own = await t.app.inject({ method: "GET", url, headers: auth(ownerToken) });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe("region,total\r\nnorth,42\r\nsouth,8\r\n");
    expect(own.headers["content-type"]).toBe("application/octet-stream");
    expect(own.headers["content-disposition"]).toContain('filename="summary.csv"');
    expect(own.headers["content-security-policy"]).toBe("sandbox");
    const stranger = await t.app.inject({ method: "GET", url, headers: auth(strangerToken) });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(stranger.json().detail).toBe("No such file in this answer.");
  });

  it("serves the image at its /generatedImages URL and 404s a wrong key", async () => {
    const image = frames.find((f) => f.event === "generated-image-link")!.data as { url: string };
    const response = await t.app.inject({ method: "GET", url: image.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.rawPayload.subarray(0, 8)).toEqual(Buffer.from("\x89PNG\r\n\x1a\n", "latin1"));
    const wrongKey = image.url.replace(/\/[A-Za-z0-9_-]{43}\//, `/${"A".repeat(43)}/`);
    expect((await t.app.inject({ method: "GET", url: wrongKey })).statusCode).toBe(404);
  });
});

describe("run_python through Anthropic tool use", () => {
  it("sends an endless loop's timeout back to the model as the tool result and finishes the answer", async () => {
    const gptSystemId = await codeAgent("anthropic");
    fake.requests.length = 0;
    fake.enqueue(
      { toolCalls: [{ id: "toolu_loop", name: "run_python", arguments: { code: "while True:\n    pass" } }] },
      { tokens: ["The program ran too long."] },
    );
    const stream = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: "Loop forever.",
    });
    expect(answerOf(stream.frames)).toBe("The program ran too long.");
    expect(stream.frames.filter((f) => f.event === "code-interpreter-updated").map((f) => f.data)).toEqual([
      "```python\nwhile True:\n    pass\n```\n\n~~~~text\n",
      `${timeoutMessage(3)}\n~~~~\n\n`,
    ]);
    expect(fake.requests.map((r) => [r.protocol, r.body.tools === undefined ? "title" : "answer"])).toEqual([
      ["anthropic", "answer"],
      ["anthropic", "answer"],
      ["anthropic", "title"],
    ]);
    expect((fake.requests[0]!.body.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["run_python"]);
    const messages = fake.requests[1]!.body.messages as { role: string; content: unknown }[];
    expect(messages.slice(-2)).toEqual([
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_loop", name: "run_python", input: { code: "while True:\n    pass" } }],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_loop",
            content: `Outcome: timeout\n\nOutput: (nothing printed)\n\nError:\n${timeoutMessage(3)}`,
          },
        ],
      },
    ]);
  }, 240_000);
});

describe("the tool loop's bound", () => {
  it("stops a model that keeps calling tools after CODE_INTERPRETER_MAX_ROUNDS + 1 rounds, answering each call", async () => {
    const gptSystemId = await codeAgent("openai");
    fake.requests.length = 0;
    const wrongTool = { toolCalls: [{ id: "call_web", name: "search_web", arguments: { query: "sales" } }] };
    fake.enqueue(...Array.from({ length: 6 }, () => wrongTool), { tokens: ["Title"] });
    const stream = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: "Search the web.",
    });
    const answerRequests = fake.requests.filter((r) => r.body.tools !== undefined);
    expect(answerRequests).toHaveLength(6);
    expect((answerRequests[1]!.body.messages as { role: string; content: string }[]).at(-1)).toEqual({
      role: "tool",
      tool_call_id: "call_web",
      content: "There is no tool named search_web; use run_python.",
    });
    expect(stream.frames.filter((f) => f.event === "step-update").map((f) => f.data)).toEqual([
      "Generating the answer",
      roundsExhaustedStep(5),
    ]);
    expect((stream.frames.at(-2)!.data as { status: string }).status).toBe("Complete");
  }, 60_000);
});

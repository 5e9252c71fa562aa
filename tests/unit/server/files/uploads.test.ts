/**
 * Vision images and attachments over the API: what is accepted and how it is
 * stored, the attacks that are refused (with nothing written), and ownership
 * (another user's file is a 404 everywhere, also inside a conversation request).
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployments } from "../../../../src/server/db/chatSchema";
import { attachments, visionImages } from "../../../../src/server/db/filesSchema";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, listen, readStream } from "../../../helpers/chatFixtures";
import { makeDocx, makeImage, makePdf, makeZip, multipart } from "../../../helpers/fileFixtures";

const dataDir = mkdtempSync(join(tmpdir(), "agent-chat-uploads-"));
let t: TestApp;
let fake: FakeModelServer;
let base: string;
let ownerToken: string;
let strangerToken: string;

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      UPLOAD_MAX_IMAGE_BYTES: "300000",
      UPLOAD_MAX_TEXT_BYTES: "100000",
      DOCX_MAX_UNCOMPRESSED_BYTES: "2000000",
    },
  });
  base = await listen(t.app);
  ownerToken = await t.tokenFor(await t.createUser({ userName: "uploader", roles: ["user"] }));
  strangerToken = await t.tokenFor(await t.createUser({ userName: "stranger", roles: ["user"] }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function uploadImage(name: string, content: Buffer, token = ownerToken) {
  const body = multipart({}, { name, content, type: "image/png" });
  return t.app.inject({
    method: "POST",
    url: "/api/internal/userConversations/VisionImages/Files",
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

function uploadAttachment(
  name: string,
  content: Buffer,
  fields: Record<string, string> = { attachmentType: "FileSearch", context: "Conversation" },
  token = ownerToken,
) {
  const body = multipart(fields, { name, content, type: "text/plain" });
  return t.app.inject({
    method: "POST",
    url: "/api/internal/attachments",
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

const get = (url: string, token = ownerToken) =>
  t.app.inject({ method: "GET", url: `/api/internal${url}`, headers: auth(token) });

function blobCount(): number {
  const root = join(dataDir, "blobs");
  try {
    return readdirSync(root).reduce((n, dir) => n + readdirSync(join(root, dir)).length, 0);
  } catch {
    return 0;
  }
}

async function rowCounts() {
  const db = t.deps.database.db;
  const [images] = await db.select({ n: count() }).from(visionImages);
  const [files] = await db.select({ n: count() }).from(attachments);
  return { images: images!.n, files: files!.n, blobs: blobCount() };
}

async function waitForStatus(
  attachmentId: string,
  token = ownerToken,
): Promise<{ status: string; errorText: string | null; chunkCount: number | null }> {
  for (let i = 0; i < 200; i++) {
    const body = (await get(`/attachments/${attachmentId}`, token)).json();
    if (body.status === "Online" || body.status === "Error") return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("indexing did not finish");
}

describe("vision images", () => {
  it("re-encodes without metadata, caps the size, makes a thumbnail, and serves both to the owner only", async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#3366cc" } })
      .withExif({ IFD0: { Copyright: "GPS-and-secrets" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const response = await uploadImage("holiday.jpg", big);
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image).toEqual({
      visionImageId: expect.any(String),
      blobFileName: `${image.visionImageId}.jpg`,
      thumbnailBlobFileName: `${image.visionImageId}-thumbnail.webp`,
      mimeType: "image/jpeg",
    });

    const full = await get(`/userConversations/VisionImages/${image.visionImageId}/Files/${image.blobFileName}/base64`);
    expect(full.statusCode).toBe(200);
    expect(full.json().mimeType).toBe("image/jpeg");
    const stored = await sharp(Buffer.from(full.json().base64Content, "base64")).metadata();
    expect([stored.width, stored.height, stored.exif]).toEqual([2048, 683, undefined]);

    const thumb = await get(
      `/userConversations/VisionImages/${image.visionImageId}/Files/${image.thumbnailBlobFileName}/base64`,
    );
    expect(thumb.json().mimeType).toBe("image/webp");
    const thumbMeta = await sharp(Buffer.from(thumb.json().base64Content, "base64")).metadata();
    expect([thumbMeta.format, thumbMeta.width]).toEqual(["webp", 256]);

    expect(
      (
        await get(
          `/userConversations/VisionImages/${image.visionImageId}/Files/${image.blobFileName}/base64`,
          strangerToken,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(`/userConversations/VisionImages/${image.visionImageId}/Files/other.png/base64`)).statusCode,
    ).toBe(404);
  });

  it.each([
    [
      "an SVG with a script",
      "cat.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
    ],
    ["HTML behind a .png name", "photo.png", Buffer.from("<html><script>alert(1)</script></html>"), 415],
    ["a PDF behind a .png name", "photo.png", makePdf([["x"]]), 415],
    ["a truncated PNG", "broken.png", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), 415],
  ])("refuses %s with nothing written", async (_name, fileName, content, status) => {
    const before = await rowCounts();
    const response = await uploadImage(fileName, content);
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toMatch(/PNG, JPEG, WebP and GIF|cannot be read/);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses an image over the limit (413) with nothing written", async () => {
    const before = await rowCounts();
    const response = await uploadImage("huge.png", await makeImage("png", 400, 400));
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe("The file is larger than the limit of 293 KiB for its kind of content.");
    expect(await rowCounts()).toEqual(before);
  });

  it("accepts PNG, WebP and GIF (GIF stored as PNG)", async () => {
    for (const [format, mimeType] of [
      ["png", "image/png"],
      ["webp", "image/webp"],
      ["gif", "image/png"],
    ] as const) {
      const response = await uploadImage(`x.${format}`, await makeImage(format));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().mimeType).toBe(mimeType);
    }
  });

  it("sends the images to a vision model and leaves them out for a model that cannot see", async () => {
    const { gptSystemId } = await createAgent(t.deps.database.db, {
      openaiBaseUrl: fake.openaiBaseUrl,
      encryptionKey: t.deps.config.encryptionKey,
    });
    const image = (await uploadImage("x.png", await makeImage("png"))).json();
    fake.enqueue({ tokens: ["A noisy picture."] }, { tokens: ["Title"] });
    const blind = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: "What is this?",
      visionImageIds: [image.visionImageId],
    });
    expect(blind.frames.filter((f) => f.event === "step-update").map((f) => f.data)).toEqual([
      "This agent's model cannot see images, so they were not sent",
      "Generating the answer",
    ]);
    expect(fake.requests.at(-2)!.body.messages).toEqual([
      expect.anything(),
      { role: "user", content: "What is this?" },
    ]);

    await t.deps.database.db
      .update(deployments)
      .set({ supportsVision: true })
      .where(eq(deployments.deploymentName, "fake-model"));
    fake.enqueue({ tokens: ["Still noise."] }, { tokens: ["Title"] });
    const seeing = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: "And now?",
      visionImageIds: [image.visionImageId],
    });
    const content = (fake.requests.at(-2)!.body.messages as { content: unknown }[]).at(-1)!.content as {
      type: string;
      image_url?: { url: string };
    }[];
    expect(content[0]).toEqual({ type: "text", text: "And now?" });
    expect(content[1]!.image_url!.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const conversationId = (seeing.frames[0]!.data as { conversationId: string }).conversationId;
    expect(
      (await get(`/userConversations/${conversationId}`)).json().conversationSegmentTree.segments[0].visionImages,
    ).toEqual([image.visionImageId]);
  });
});

describe("a segment's files", () => {
  it("are read back with their names, size and types, and a deleted one is left out", async () => {
    const image = (await uploadImage("x.png", await makeImage("png"))).json();
    const document = (await uploadAttachment("notes.md", Buffer.from("# Notes\nMilk."))).json();
    const { gptSystemId } = await createAgent(t.deps.database.db, { encryptionKey: t.deps.config.encryptionKey });
    const asked = await readStream(`${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, ownerToken, {
      question: "With files",
      visionImageIds: [image.visionImageId],
      attachmentIds: [document.attachmentId],
    });
    expect(asked.status).toBe(200);
    const conversationId = (asked.frames[0]!.data as { conversationId: string }).conversationId;
    const segment = (await get(`/userConversations/${conversationId}`)).json().conversationSegmentTree.segments[0];
    const imageFile = {
      visionImageId: image.visionImageId,
      blobFileName: `${image.visionImageId}.png`,
      thumbnailBlobFileName: `${image.visionImageId}-thumbnail.webp`,
      mimeType: "image/png",
    };
    const documentFile = {
      attachmentId: document.attachmentId,
      originalFileName: "notes.md",
      byteSize: 13,
      mimeType: "text/markdown",
      type: "FileSearch",
    };
    expect(segment).toMatchObject({
      visionImages: [image.visionImageId],
      attachments: [document.attachmentId],
      visionImageFiles: [imageFile],
      attachmentFiles: [documentFile],
    });

    // The names work as they are: no guessing on the client.
    const thumbnail = await get(
      `/userConversations/VisionImages/${image.visionImageId}/Files/${imageFile.thumbnailBlobFileName}/base64`,
    );
    expect([thumbnail.statusCode, thumbnail.json().mimeType]).toEqual([200, "image/webp"]);

    // A segment answered by another operation carries them too.
    const rated = await t.app.inject({
      method: "POST",
      url: `/api/internal/userConversations/${conversationId}/segments/${segment.conversationSegmentId}/feedback`,
      headers: auth(ownerToken),
      payload: { feedback: "Positive" },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ visionImageFiles: [imageFile], attachmentFiles: [documentFile] });

    await t.deps.database.db.delete(attachments).where(eq(attachments.attachmentId, document.attachmentId));
    const after = (await get(`/userConversations/${conversationId}`)).json().conversationSegmentTree.segments[0];
    expect([after.attachments, after.attachmentFiles, after.visionImageFiles]).toEqual([
      [document.attachmentId],
      [],
      [imageFile],
    ]);
  });
});

describe("attachments", () => {
  const samples: [string, Buffer, string][] = [
    ["report.pdf", makePdf([["Quarterly numbers went up."]]), "application/pdf"],
    [
      "memo.docx",
      makeDocx([{ text: "Memo", style: "Heading1" }, { text: "Bring snacks." }]),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    ["notes.md", Buffer.from("# Notes\nRemember the milk."), "text/markdown"],
    ["page.html", Buffer.from("<html><body><h1>Hi</h1><p>Hello page.</p></body></html>"), "text/html"],
    ["table.csv", Buffer.from("a,b\n1,2\n"), "text/csv"],
    ["data.json", Buffer.from('{"k":"v"}'), "application/json"],
    ["plain.txt", Buffer.from("Just text."), "text/plain"],
  ];

  it.each(samples)("stores and indexes %s", async (name, content, mimeType) => {
    const response = await uploadAttachment(name, content);
    expect(response.statusCode, response.body).toBe(201);
    const attachment = response.json();
    expect(attachment).toEqual({
      attachmentId: expect.any(String),
      originalFileName: name,
      type: "FileSearch",
      context: "Conversation",
      status: "Queued",
    });
    const done = await waitForStatus(attachment.attachmentId);
    expect(done).toMatchObject({ status: "Online", errorText: null, mimeType, byteSize: content.length });
    expect(done.chunkCount).toBeGreaterThan(0);
    const copy = (await get(`/attachments/${attachment.attachmentId}/base64`)).json();
    expect(copy).toEqual({ base64Content: content.toString("base64"), mimeType, originalFileName: name });
  });

  it("keeps CodeInterpreter files without indexing them, and keeps only a safe display name", async () => {
    const response = await uploadAttachment("../../etc/\u0007passwd.csv", Buffer.from("x,y\n"), {
      attachmentType: "CodeInterpreter",
      context: "GptSystem",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      originalFileName: "passwd.csv",
      type: "CodeInterpreter",
      context: "GptSystem",
      status: "Online",
    });
  });

  it("answers per field when the type or context is wrong", async () => {
    const wrong = await uploadAttachment("a.txt", Buffer.from("x"), {
      attachmentType: "Vision",
      context: "Conversation",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ attachmentType: ["must be one of: FileSearch, CodeInterpreter"] });
    const missing = await uploadAttachment("a.txt", Buffer.from("x"), { attachmentType: "FileSearch" });
    expect(missing.json().errors).toEqual({ context: ["is required"] });
    const fieldsOnly = multipart({ attachmentType: "FileSearch", context: "Conversation" });
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/internal/attachments",
      headers: { ...auth(ownerToken), ...fieldsOnly.headers },
      payload: fieldsOnly.payload,
    });
    expect(noFile.json().errors).toEqual({ file: ["is required"] });
    const json = await t.app.inject({
      method: "POST",
      url: "/api/internal/attachments",
      headers: auth(ownerToken),
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ file: ["must be sent as multipart/form-data"] });
  });

  const bomb = makeDocx(
    [{ text: "Looks harmless." }],
    [{ name: "word/media/padding.bin", data: Buffer.alloc(20 * 1024 * 1024), declaredSize: 100 }],
  );

  it.each([
    [
      "a Windows program behind .pdf",
      "invoice.pdf",
      Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200), Buffer.from("PE\0\0")]),
      415,
      /not accepted|neither/,
    ],
    [
      "a ZIP archive behind .txt",
      "notes.txt",
      makeZip([{ name: "a.txt", data: Buffer.from("hi") }]),
      415,
      /Archives are not accepted/,
    ],
    ["a zip bomb dressed as DOCX", "bomb.docx", bomb, 415, /expands to more than the allowed size/],
    [
      "binary bytes behind .txt",
      "data.txt",
      Buffer.from([0x41, 0x00, 0x42, 0xff]),
      415,
      /neither a PDF, a DOCX nor UTF-8 text/,
    ],
    [
      "an SVG with a script",
      "x.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      /SVG and XML files are not accepted/,
    ],
    [
      "an SVG behind a comment and a DOCTYPE, named .txt",
      "x.txt",
      Buffer.from(
        '<!-- c -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      ),
      415,
      /SVG and XML files are not accepted/,
    ],
    ["text over the text limit", "big.txt", Buffer.alloc(150_000, "a"), 413, /larger than the limit of 97.7 KiB/],
  ])("refuses %s with nothing written", async (_name, fileName, content, status, detail) => {
    expect(bomb.length).toBeLessThan(100_000);
    const before = await rowCounts();
    const response = await uploadAttachment(fileName, content);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toMatch(detail);
    expect(await rowCounts()).toEqual(before);
  });

  it("is invisible to other users: metadata, content and conversation requests all answer 404", async () => {
    const mine = (await uploadAttachment("mine.txt", Buffer.from("Private words."))).json();
    const image = (await uploadImage("x.png", await makeImage("png"))).json();
    expect((await get(`/attachments/${mine.attachmentId}`, strangerToken)).statusCode).toBe(404);
    expect((await get(`/attachments/${mine.attachmentId}/base64`, strangerToken)).json().detail).toBe(
      "No such attachment.",
    );

    const { gptSystemId } = await createAgent(t.deps.database.db, { encryptionKey: t.deps.config.encryptionKey });
    const url = `${base}/api/internal/userConversations/byGptSystemId/${gptSystemId}`;
    const before = (await get("/userConversations", strangerToken)).json().items.length;
    const viaAttachment = await readStream(url, strangerToken, {
      question: "Read it",
      attachmentIds: [mine.attachmentId],
    });
    expect([viaAttachment.status, (viaAttachment.problem as { detail: string }).detail]).toEqual([
      404,
      "No such attachment.",
    ]);
    const viaImage = await readStream(url, strangerToken, {
      question: "See it",
      visionImageIds: [image.visionImageId],
    });
    expect([viaImage.status, (viaImage.problem as { detail: string }).detail]).toEqual([404, "No such vision image."]);
    expect((await get("/userConversations", strangerToken)).json().items.length).toBe(before);

    // The owner's conversation may continue with the stranger's id neither.
    const own = await readStream(url, ownerToken, { question: "Mine", attachmentIds: [mine.attachmentId] });
    expect(own.status).toBe(200);
    const conversationId = (own.frames[0]!.data as { conversationId: string }).conversationId;
    const theirs = (await uploadAttachment("theirs.txt", Buffer.from("x"), undefined, strangerToken)).json();
    const cross = await readStream(`${base}/api/internal/userConversations/${conversationId}/segments`, ownerToken, {
      question: "Theirs",
      attachmentIds: [theirs.attachmentId],
    });
    expect(cross.status).toBe(404);
  });
});

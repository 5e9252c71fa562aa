/** Visitors' vision images: uploaded like the chat's, readable and usable only by the session that uploaded them. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configStates, deployments } from "../../../../src/server/db/chatSchema";
import { visionImages } from "../../../../src/server/db/filesSchema";
import { VISITOR_ACCOUNT_ID } from "../../../../src/server/features/publicConversations/visitorAccount";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { createAgent, listen } from "../../../helpers/chatFixtures";
import { makeImage, makePdf, multipart } from "../../../helpers/fileFixtures";
import { startFakeModelServer, type FakeModelServer } from "../../../fakes/fakeModelServer";
import { makePublic, newSession, visitorApi, visitorStream } from "./publicChatKit";

const IMAGE_LIMIT = 64 * 1024;
const SEEING = "seeing-desk";
const BLIND = "blind-desk";
const PROBLEM = "application/problem+json; charset=utf-8";
const missing = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let fake: FakeModelServer;
let base: string;
let visitor: ReturnType<typeof visitorApi>;

beforeAll(async () => {
  fake = await startFakeModelServer();
  t = await buildTestApp({ env: { UPLOAD_MAX_IMAGE_BYTES: String(IMAGE_LIMIT) } });
  base = await listen(t.app);
  visitor = visitorApi(t);
  const db = t.deps.database.db;
  const key = t.deps.config.encryptionKey;
  const seeing = await createAgent(db, { name: "Seeing desk", openaiBaseUrl: fake.openaiBaseUrl, encryptionKey: key });
  const [config] = await db.select().from(configStates).where(eq(configStates.configStateId, seeing.configStateId));
  await db
    .update(deployments)
    .set({ supportsVision: true })
    .where(eq(deployments.connectionId, config!.languageEngine));
  await makePublic(t, seeing.gptSystemId, SEEING);
  const blind = await createAgent(db, { name: "Blind desk", openaiBaseUrl: fake.openaiBaseUrl, encryptionKey: key });
  await makePublic(t, blind.gptSystemId, BLIND);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function upload(session: string | undefined, name: string, content: Buffer) {
  const body = multipart({}, { name, content, type: "image/png" });
  return t.app.inject({
    method: "POST",
    url: "/api/internal/publicConversations/VisionImages/Files",
    headers: { ...body.headers, ...(session === undefined ? {} : { "x-session-identifier": session }) },
    payload: body.payload,
  });
}

const base64Of = (session: string | undefined, visionImageId: string, blobFileName: string) =>
  visitor("GET", `/VisionImages/${visionImageId}/Files/${blobFileName}/base64`, session);

describe("uploading", () => {
  it("stores a visitor's image as the session's and reads it and its thumbnail back", async () => {
    const session = await newSession(t, SEEING);
    const response = await upload(session, "photo.png", await makeImage("png"));
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image).toEqual({
      visionImageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      blobFileName: `${image.visionImageId}.png`,
      thumbnailBlobFileName: `${image.visionImageId}-thumbnail.webp`,
      mimeType: "image/png",
    });
    const [row] = await t.deps.database.db
      .select()
      .from(visionImages)
      .where(eq(visionImages.visionImageId, image.visionImageId));
    expect(row).toMatchObject({
      ownerUserId: VISITOR_ACCOUNT_ID,
      publicSessionHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const full = await base64Of(session, image.visionImageId, image.blobFileName);
    expect(full.statusCode).toBe(200);
    expect(full.json()).toEqual({ base64Content: expect.stringMatching(/^iVBORw0KGgo/), mimeType: "image/png" });
    const thumbnail = await base64Of(session, image.visionImageId, image.thumbnailBlobFileName);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.json().mimeType).toBe("image/webp");
    expect((await base64Of(session, image.visionImageId, "other.png")).statusCode).toBe(404);
  });

  it.each([
    ["an SVG", "x.svg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")],
    ["HTML behind a .png name", "photo.png", Buffer.from("<html><script>alert(1)</script></html>")],
    ["a PDF behind a .png name", "photo.png", makePdf([["x"]])],
  ])("refuses %s from its bytes (415), as the chat does", async (_name, fileName, content) => {
    const session = await newSession(t, SEEING);
    const response = await upload(session, fileName, content);
    expect(response.statusCode).toBe(415);
    expect(response.headers["content-type"]).toBe(PROBLEM);
    expect(response.json().title).toBe("Unsupported Media Type");
  });

  it("refuses an image over the limit (413) and a body without a file (400)", async () => {
    const session = await newSession(t, SEEING);
    const tooLarge = await upload(session, "big.png", await makeImage("png", 256, 256));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ status: 413, title: "Payload Too Large" });
    const empty = multipart({});
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/internal/publicConversations/VisionImages/Files",
      headers: { ...empty.headers, "x-session-identifier": session },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: ["is required"] });
  });

  it("takes images only for an agent whose model sees them, and only with a valid session", async () => {
    const blind = await upload(await newSession(t, BLIND), "photo.png", await makeImage("png"));
    expect(blind.statusCode).toBe(404);
    expect(blind.json().detail).toBe("This public chat does not accept images.");
    const forged = await upload(`${missing}.forged-session.value`, "photo.png", await makeImage("png"));
    expect(forged.statusCode).toBe(404);
    expect(forged.headers["content-type"]).toBe(PROBLEM);
    expect((await upload(undefined, "photo.png", await makeImage("png"))).statusCode).toBe(400);
  });
});

describe("another session", () => {
  it("cannot read a session's image (404) nor ask about it (404), while its own session can", async () => {
    const owner = await newSession(t, SEEING);
    const image = (await upload(owner, "photo.png", await makeImage("png"))).json();
    const stranger = await newSession(t, SEEING);

    const read = await base64Of(stranger, image.visionImageId, image.blobFileName);
    expect(read.statusCode).toBe(404);
    expect(read.headers["content-type"]).toBe(PROBLEM);
    expect(read.json()).toMatchObject({ status: 404, title: "Not Found", detail: "No such vision image." });
    expect((await base64Of(undefined, image.visionImageId, image.blobFileName)).statusCode).toBe(400);

    const url = `${base}/api/internal/publicConversations/byGptPublicEndpoint/${SEEING}`;
    const refused = await visitorStream(url, stranger, {
      question: "What is this?",
      visionImageIds: [image.visionImageId],
    });
    expect(refused.status).toBe(404);
    expect(refused.problem).toMatchObject({ status: 404, title: "Not Found" });

    fake.enqueue({ tokens: ["A noisy picture."] }, { tokens: ["Title"] });
    const asked = await visitorStream(url, owner, { question: "What is this?", visionImageIds: [image.visionImageId] });
    expect(asked.status).toBe(200);
    expect(asked.frames.at(-1)!.event).toBe("no-more-data");
    const sent = (
      fake.requests.find((r) => JSON.stringify(r.body).includes("What is this?"))!.body.messages as {
        content: unknown;
      }[]
    ).at(-1)!.content as { type: string; image_url?: { url: string } }[];
    expect(sent[1]!.image_url!.url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    const { conversationId } = asked.frames[0]!.data as { conversationId: string };
    const conversation = (await visitor("GET", `/${conversationId}`, owner)).json();
    expect(conversation.conversationSegmentTree.segments[0]).toMatchObject({
      visionImages: [image.visionImageId],
      visionImageFiles: [image],
    });
    // Nor can the stranger name it in the owner's conversation (that conversation is not theirs either).
    const segment = await visitorStream(
      `${base}/api/internal/publicConversations/${conversationId}/segments`,
      stranger,
      {
        question: "Again",
        visionImageIds: [image.visionImageId],
      },
    );
    expect(segment.status).toBe(404);
  });
});

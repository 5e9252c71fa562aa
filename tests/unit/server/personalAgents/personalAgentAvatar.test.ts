import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../helpers/buildTestApp";
import { makeImage, multipart } from "../../../helpers/fileFixtures";
import { apiFor, createPublishedPersonalAgent } from "./personalAgentsKit";

let t: TestApp;
let api: ReturnType<typeof apiFor>;
let owner: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiFor(t);
  const suffix = Date.now();
  owner = await t.tokenFor(await t.createUser({ userName: `avatar-owner-${suffix}`, roles: ["user"] }));
  other = await t.tokenFor(await t.createUser({ userName: `avatar-other-${suffix}`, roles: ["user"] }));
});
afterAll(() => t.close());

/** Spec §7: the file is named by the config state id and sent with gptSystemConfigurationStateId. */
function upload(token: string, configStateId: string, content: Buffer, stateField = configStateId) {
  const body = multipart({ gptSystemConfigurationStateId: stateField }, { name: configStateId, content });
  return t.app.inject({
    method: "POST",
    url: `/api/internal/configStates/${configStateId}/avatar`,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
}

const avatarOf = (configStateId: string) => api("GET", `/configStates/${configStateId}/avatar`, owner);

describe("uploading a personal agent's avatar", () => {
  it("serves the identicon of size 24 until an image is uploaded, then the re-encoded image", async () => {
    const { configStateId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "Pictured");
    const before = await avatarOf(configStateId);
    expect(before.headers["content-type"]).toBe("image/svg+xml");
    expect(before.body).toMatch(/^<svg [^>]*width="24" height="24"/);

    // A PNG with a payload after its end: re-encoding must drop it.
    const png = Buffer.concat([await makeImage("png", 600, 400), Buffer.from("<script>alert(1)</script>")]);
    const response = await upload(owner, configStateId, png);
    expect(response.statusCode).toBe(204);

    const after = await avatarOf(configStateId);
    expect(after.headers["content-type"]).toBe("image/webp");
    expect(after.headers["cache-control"]).toBe("private, no-cache");
    expect(after.rawPayload.includes("<script>")).toBe(false);
    const meta = await sharp(after.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 171]);
    // The agent's avatar, as every viewer fetches it, is the same image.
    const common = await api("GET", `/gptSystems/common/management/${gptSystemId}/avatar`, owner);
    expect(common.rawPayload.equals(after.rawPayload)).toBe(true);
  });

  it("refuses an SVG with 415 and keeps the current avatar", async () => {
    const { configStateId } = await createPublishedPersonalAgent(t, owner, "No SVG");
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const response = await upload(owner, configStateId, svg);
    expect(response.statusCode).toBe(415);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toMatch(/^Only PNG, JPEG, WebP and GIF images are accepted/);
    expect((await avatarOf(configStateId)).body).toMatch(/^<svg [^>]*width="24"/);
  });

  it("refuses a gptSystemConfigurationStateId other than the path's, and anyone else's configuration", async () => {
    const { configStateId } = await createPublishedPersonalAgent(t, owner, "Guarded");
    const image = await makeImage("jpeg");
    const mismatch = await upload(owner, configStateId, image, "00000000-0000-4000-8000-000000000000");
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({
      gptSystemConfigurationStateId: ["must be the configuration state of the path"],
    });
    expect((await upload(other, configStateId, image)).statusCode).toBe(404);
    expect((await avatarOf(configStateId)).headers["content-type"]).toBe("image/svg+xml");
  });
});

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../../src/server/db/schema";
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

describe("removing a personal agent's avatar", () => {
  const remove = (token: string, configStateId: string) => api("DELETE", `/configStates/${configStateId}/avatar`, token);
  const hasCustomAvatar = async (configStateId: string) =>
    (await api("GET", `/configStates/${configStateId}`, owner)).json().configuration.hasCustomAvatar as boolean;

  it("goes back to the identicon of size 24, for the configuration and for every viewer", async () => {
    const { configStateId, gptSystemId } = await createPublishedPersonalAgent(t, owner, "Unpictured");
    expect((await upload(owner, configStateId, await makeImage("png"))).statusCode).toBe(204);
    expect((await avatarOf(configStateId)).headers["content-type"]).toBe("image/webp");
    expect(await hasCustomAvatar(configStateId)).toBe(true);

    expect((await remove(owner, configStateId)).statusCode).toBe(204);
    expect(await hasCustomAvatar(configStateId)).toBe(false);
    const after = await avatarOf(configStateId);
    expect(after.headers["content-type"]).toBe("image/svg+xml");
    expect(after.body).toMatch(/^<svg [^>]*width="24" height="24"/);
    const common = await api("GET", `/gptSystems/common/management/${gptSystemId}/avatar`, owner);
    expect(common.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    // Removing again (nothing left to remove) still succeeds.
    expect((await remove(owner, configStateId)).statusCode).toBe(204);
  });

  it("answers 404 for another user's configuration and keeps the owner's image", async () => {
    const { configStateId } = await createPublishedPersonalAgent(t, owner, "Not yours");
    expect((await upload(owner, configStateId, await makeImage("png"))).statusCode).toBe(204);
    const response = await remove(other, configStateId);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect((await avatarOf(configStateId)).headers["content-type"]).toBe("image/webp");
  });

  it("refuses a creator banned from creating agents with 403", async () => {
    const user = await t.createUser({ userName: `avatar-banned-${Date.now()}`, roles: ["user"] });
    const token = await t.tokenFor(user);
    const { configStateId } = await createPublishedPersonalAgent(t, token, "Frozen");
    await t.deps.database.db.update(users).set({ isBannedFromCreatingAgents: true }).where(eq(users.userId, user.userId));
    const response = await remove(token, configStateId);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe("You are blocked from creating agents.");
  });
});

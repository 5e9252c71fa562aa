import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandFiles, brands } from "../../../src/server/db/schema";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

const logo = readFileSync(new URL("../../../src/server/features/brands/assets/logo.svg", import.meta.url));
const avatar = readFileSync(new URL("../../../src/server/features/brands/assets/avatar.svg", import.meta.url));
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

const defaultBrand = {
  brandKey: "default",
  name: "Default",
  defaultBrandKey: "default",
  logoFileName: "logo.svg",
  navigationLogoFileName: "logo.svg",
  avatarFileName: "avatar.svg",
  splashScreenBackgroundFileName: null,
  useLoginBackgroundImg: false,
  loginBackground: { main: "#0d1117" },
  loginAlignment: "Center",
  theme: {
    primary: "#1f6feb",
    secondary: "#8250df",
    menu: "#0d1117",
    menuTextPrimary: "#e6edf3",
    menuTextSecondary: "#8b949e",
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.deps.database.db;
  await db.insert(brands).values({
    brandKey: "acme",
    name: "Acme",
    settings: {
      ...defaultBrand,
      brandKey: undefined,
      name: undefined,
      defaultBrandKey: undefined,
      logoFileName: "acme.png",
      avatarFileName: null,
    },
  });
  await db
    .insert(brandFiles)
    .values({ brandKey: "acme", fileName: "acme.png", mimeType: "image/png", content: PNG.toString("base64") });
  await db.insert(brands).values({
    brandKey: "bare",
    name: "Bare",
    settings: { ...defaultBrand, logoFileName: null, avatarFileName: null },
  });
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: "GET", url: `/api/internal${url}`, headers: { "x-request-id": "brand-1" } });

function notFound(detail: string) {
  return { type: "about:blank", title: "Not Found", status: 404, detail, requestId: "brand-1" };
}

describe("getBrand", () => {
  it("resolves `default` to the seeded default brand", async () => {
    const response = await get("/brands/default");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultBrand);
  });

  it("answers another brand with the default brand's key", async () => {
    const response = await get("/brands/acme");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      brandKey: "acme",
      name: "Acme",
      defaultBrandKey: "default",
      logoFileName: "acme.png",
      avatarFileName: null,
    });
  });

  it("answers 404 for an unknown brand and 400 for an invalid key", async () => {
    const missing = await get("/brands/nope");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notFound('There is no brand "nope".'));
    const invalid = await get("/brands/a%20b");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ brandKey: ["has an invalid format"] });
  });

  it("follows the default flag when another brand becomes the default", async () => {
    const db = t.deps.database.db;
    await db.update(brands).set({ isDefault: false }).where(eq(brands.brandKey, "default"));
    await db.update(brands).set({ isDefault: true }).where(eq(brands.brandKey, "acme"));
    try {
      expect((await get("/brands/default")).json()).toMatchObject({ brandKey: "acme", defaultBrandKey: "acme" });
      expect((await get("/brands/bare")).json()).toMatchObject({ brandKey: "bare", defaultBrandKey: "acme" });
    } finally {
      await db.update(brands).set({ isDefault: false }).where(eq(brands.brandKey, "acme"));
      await db.update(brands).set({ isDefault: true }).where(eq(brands.brandKey, "default"));
    }
  });
});

describe("getBrandFile", () => {
  it("sends an SVG's bytes with its type, a locked-down CSP, nosniff and an hour of caching", async () => {
    const response = await get("/brands/default/logo.svg");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(logo)).toBe(true);
    expect(response.headers["content-type"]).toBe("image/svg+xml");
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends other images with the page CSP", async () => {
    const response = await get("/brands/acme/acme.png");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("answers 404 problems for an unknown brand or file", async () => {
    const file = await get("/brands/default/missing.png");
    expect(file.statusCode).toBe(404);
    expect(file.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(file.json()).toEqual(notFound('The brand "default" has no file "missing.png".'));
    expect((await get("/brands/nope/logo.svg")).json()).toEqual(notFound('There is no brand "nope".'));
  });

  it("does not let a file name leave the brand's folder", async () => {
    const response = await get("/brands/default/..%2Fsecrets.json");
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ fileName: ["has an invalid format"] });
  });
});

describe("getBrandFavicon", () => {
  it("sends the avatar when the brand has one", async () => {
    const response = await get("/brands/default/favicon");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(avatar)).toBe(true);
    expect(response.headers["content-type"]).toBe("image/svg+xml");
  });

  it("falls back to the logo", async () => {
    const response = await get("/brands/acme/favicon");
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it("answers 404 when the brand has neither", async () => {
    const response = await get("/brands/bare/favicon");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound('The brand "bare" has no icon.'));
  });
});

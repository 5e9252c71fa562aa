import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../../package.json" with { type: "json" };
import { featureFlags, instanceSettings } from "../../../src/server/db/schema";
import { buildInfo, readBuildInfo } from "../../../src/server/features/instance/buildInfo";
import { buildTestApp, type TestApp } from "../../helpers/buildTestApp";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url: `/api/internal${url}` });

describe("getInstanceSettings", () => {
  it("answers the seeded public settings without a token", async () => {
    const response = await get("/InstanceSettings");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: "Agent Chat",
      organizationName: "",
      entraIdSettings: { clientId: "", tenantId: "", instance: "https://login.microsoftonline.com/" },
      defaultBrandKey: "default",
      releaseNotesUrl: "",
    });
  });

  it("never sends fields outside the InstanceSettings schema", async () => {
    const db = t.deps.database.db;
    const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, "public"));
    await db
      .update(instanceSettings)
      .set({
        value: {
          ...(row!.value as object),
          bingKey: "secret",
          entraIdSettings: { clientId: "c", tenantId: "t", instance: "i", clientSecret: "s" },
        },
      })
      .where(eq(instanceSettings.key, "public"));
    try {
      const body = (await get("/InstanceSettings")).json();
      expect(body.bingKey).toBeUndefined();
      expect(body.entraIdSettings).toEqual({ clientId: "c", tenantId: "t", instance: "i" });
    } finally {
      await db.update(instanceSettings).set({ value: row!.value }).where(eq(instanceSettings.key, "public"));
    }
  });
});

describe("listFeatures", () => {
  it("answers every flag, sorted by name", async () => {
    await t.deps.database.db.insert(featureFlags).values({ name: "Beta", enabled: false });
    const response = await get("/features/List");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { name: "AllowUserCreatedGptSystems", enabled: true },
      { name: "Beta", enabled: false },
      { name: "ShowFooter", enabled: true },
    ]);
  });
});

describe("getBuildInfo", () => {
  it("answers the version, build and start time", async () => {
    const response = await get("/buildInfo");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(buildInfo);
    expect(buildInfo.version).toBe("2.2512.3822");
    expect(buildInfo.version).toBe(packageJson.version);
  });

  it("takes BUILD_ID and COMMIT_HASH from the environment", () => {
    const startedAt = new Date("2025-12-01T10:00:00.000Z");
    expect(readBuildInfo({ BUILD_ID: "1234", COMMIT_HASH: "abcdef" }, startedAt, () => "from-git")).toEqual({
      version: "2.2512.3822",
      buildId: "1234",
      commitHash: "abcdef",
      timestamp: "2025-12-01T10:00:00.000Z",
    });
  });

  it("falls back to git, then to dev and unknown", () => {
    const startedAt = new Date(0);
    expect(readBuildInfo({}, startedAt, () => "0123abc")).toMatchObject({ buildId: "dev", commitHash: "0123abc" });
    expect(readBuildInfo({}, startedAt, () => undefined)).toMatchObject({ buildId: "dev", commitHash: "unknown" });
  });
});

describe("getUploadLimits", () => {
  it("answers the defaults without a token", async () => {
    const response = await get("/uploadLimits");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      maxImageBytes: 10 * 1024 * 1024,
      maxPdfBytes: 20 * 1024 * 1024,
      maxDocxBytes: 20 * 1024 * 1024,
      maxTextBytes: 5 * 1024 * 1024,
    });
  });

  it("answers the limits the server was configured with", async () => {
    const configured = await buildTestApp({
      env: {
        UPLOAD_MAX_IMAGE_BYTES: "31457280",
        UPLOAD_MAX_PDF_BYTES: "104857600",
        UPLOAD_MAX_DOCX_BYTES: "52428800",
        UPLOAD_MAX_TEXT_BYTES: "1000",
      },
    });
    try {
      const response = await configured.app.inject({ method: "GET", url: "/api/internal/uploadLimits" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        maxImageBytes: 31457280,
        maxPdfBytes: 104857600,
        maxDocxBytes: 52428800,
        maxTextBytes: 1000,
      });
    } finally {
      await configured.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { createAdminDataProvider } from "../../../src/admin/dataProvider/adminDataProvider";
import type { AdminHttpClient, AdminHttpOptions } from "../../../src/admin/dataProvider/adminHttpClient";
import type { AdminResource } from "../../../src/admin/dataProvider/resourceSchema";
import { writeCallbacks } from "../../../src/admin/dataProvider/writeCallbacks";
import { createAdminI18nProvider } from "../../../src/admin/i18n/adminI18nProvider";
import brandSchema from "../../../src/schemas/AdminBrand.json";
import { adminRegistry } from "../../../src/generated/adminRegistry";

const brands: AdminResource = {
  definition: adminRegistry.find((definition) => definition.name === "brands")!,
  schema: brandSchema as AdminResource["schema"],
};
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Records every call and answers with the brand as the server would, file names filled in by uploads. */
function recordingClient() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  let stored: Record<string, unknown> = {};
  const client: AdminHttpClient = async (url: string, options: AdminHttpOptions = {}) => {
    const method = options.method ?? "GET";
    const body = typeof options.body === "string" ? (JSON.parse(options.body) as unknown) : undefined;
    calls.push({ url, method, body });
    if (url.endsWith("/images/logo")) stored = { ...stored, logoFileName: method === "DELETE" ? null : "logo-1.png" };
    else stored = { ...stored, ...(body as object) };
    return { status: 200, headers: new Headers(), body: JSON.stringify(stored), json: stored };
  };
  return { client, calls };
}

describe("admin data provider", () => {
  it("creates a brand without its image fields in the body, then uploads the chosen logo", async () => {
    const { client, calls } = recordingClient();
    const provider = createAdminDataProvider([brands], client, "/api/internal/admin", writeCallbacks);
    const { data } = await provider.create("brands", {
      data: { brandKey: "acme", name: "Acme", logoFileName: `data:image/png;base64,${PNG_BASE64}` },
    });
    expect(calls).toEqual([
      { url: "/api/internal/admin/brands", method: "POST", body: { brandKey: "acme", name: "Acme" } },
      {
        url: "/api/internal/admin/brands/acme/images/logo",
        method: "POST",
        body: { base64: PNG_BASE64, mimeType: "image/png" },
      },
    ]);
    expect(data).toMatchObject({ id: "acme", logoFileName: "logo-1.png" });
  });

  it("deletes a stored logo the form cleared, and leaves untouched images alone", async () => {
    const { client, calls } = recordingClient();
    const provider = createAdminDataProvider([brands], client, "/api/internal/admin", writeCallbacks);
    await provider.update("brands", {
      id: "acme",
      data: { brandKey: "acme", name: "Acme", logoFileName: "", avatarFileName: "avatar-1.png" },
      previousData: {
        id: "acme",
        brandKey: "acme",
        name: "Acme",
        logoFileName: "logo-1.png",
        avatarFileName: "avatar-1.png",
      },
    });
    expect(calls.map(({ url, method }) => `${method} ${url}`)).toEqual([
      "PUT /api/internal/admin/brands/acme",
      "DELETE /api/internal/admin/brands/acme/images/logo",
    ]);
  });
});

describe("admin i18nProvider", () => {
  const i18n = createAdminI18nProvider({ auditLogging: "Audit Logs" });

  it("prefers the product's wording, falls back to ra-language-english, and names resources by their registry title", () => {
    expect(i18n.translate("ra.action.save")).toBe("Save");
    expect(i18n.translate("ra.notification.updated", { smart_count: 1 })).toBe("Saved");
    expect(i18n.translate("ra.navigation.page_range_info", { offsetBegin: 1, offsetEnd: 2, total: 9 })).toBe(
      "1-2 of 9",
    );
    expect(i18n.translate("ra.action.bulk_actions", { smart_count: 2 })).toBe("2 items selected");
    expect(i18n.translate("resources.auditLogging.name", { smart_count: 2, _: "Auditloggings" })).toBe("Audit Logs");
    expect(i18n.translate("admin.items.brands")).toBe("Brands");
    expect(i18n.translate("resources.unknown.fields.x", { _: "X" })).toBe("X");
  });
});

import { describe, expect, it } from "vitest";
import { entraIdAuthority, entraIdScopes, isEntraIdConfigured } from "../../../../src/app/auth/entraId/entraIdConfig";
import { countTokenRequest } from "../../../../src/app/auth/entraId/tokenRequestCounter";

describe("Entra ID settings", () => {
  it("is configured only with both a client and a tenant", () => {
    expect(isEntraIdConfigured({ clientId: "", tenantId: "", instance: "" })).toBe(false);
    expect(isEntraIdConfigured({ clientId: "c", tenantId: " ", instance: "" })).toBe(false);
    expect(isEntraIdConfigured({ clientId: "c", tenantId: "t", instance: "" })).toBe(true);
  });

  it("asks for openid, offline_access and the app's default scope at the tenant's authority", () => {
    expect(entraIdScopes("abc")).toEqual(["openid", "offline_access", "api://abc/.default"]);
    expect(
      entraIdAuthority({ clientId: "abc", tenantId: "contoso", instance: "https://login.microsoftonline.com/" }),
    ).toBe("https://login.microsoftonline.com/contoso");
  });
});

describe("token request counter (spec §4 Token)", () => {
  it("clears the identity cache at the 4th attempt within 30 s", () => {
    const start = 1_000_000;
    expect(countTokenRequest(start)).toBe(false);
    expect(countTokenRequest(start + 1000)).toBe(false);
    expect(countTokenRequest(start + 2000)).toBe(false);
    expect(countTokenRequest(start + 3000)).toBe(true);
    expect(countTokenRequest(start + 4000)).toBe(false);
  });

  it("starts over after 30 s", () => {
    const start = 2_000_000;
    countTokenRequest(start);
    countTokenRequest(start + 1000);
    countTokenRequest(start + 2000);
    expect(countTokenRequest(start + 31_000)).toBe(false);
  });
});

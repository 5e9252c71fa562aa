import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, maskSecret } from "../../../../src/server/security/secretBox";

const box = createSecretBox(randomBytes(32).toString("base64"));

describe("secret box", () => {
  it("round-trips and never stores the plain text", () => {
    const sealed = box.encrypt("sk-live-1234567890");
    expect(sealed).not.toContain("sk-live");
    expect(sealed.startsWith("v1:")).toBe(true);
    expect(box.decrypt(sealed)).toBe("sk-live-1234567890");
    expect(box.encrypt("same")).not.toBe(box.encrypt("same"));
  });

  it("refuses a tampered secret and a wrong key", () => {
    const sealed = box.encrypt("secret");
    const parts = sealed.split(":");
    const tampered = [parts[0], parts[1], parts[2], Buffer.from("other!").toString("base64")].join(":");
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32).toString("base64")).decrypt(sealed)).toThrow();
    expect(() => createSecretBox("c2hvcnQ=")).toThrow("ENCRYPTION_KEY must be 32 bytes");
  });

  it("masks keys", () => {
    expect(maskSecret("sk-live-1234567890")).toBe("sk-…7890");
    expect(maskSecret("short")).toBe("••••");
    expect(maskSecret("token-12345")).toBe("••••");
    expect(maskSecret("abcdefghijklmno")).toBe("••••");
    expect(maskSecret("abcdefghijklmnop")).toBe("abc…mnop");
    expect(maskSecret(null)).toBe("");
  });
});

/**
 * Secrets at rest (model keys): AES-256-GCM with ENCRYPTION_KEY, stored as
 * `v1:<iv>:<tag>:<ciphertext>` in base64. Shown to people only masked.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createSecretBox(encryptionKeyBase64: string): SecretBox {
  const key = Buffer.from(encryptionKeyBase64, "base64");
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes, base64-encoded");
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split(":");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      decipher.setAuthTag(Buffer.from(tag, "base64"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
    },
  };
}

/**
 * `sk-…abcd`: enough to recognise a key, never enough to use it. A key under 16 characters shows
 * nothing of itself: seven characters would be half of it or more.
 */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return "";
  if (secret.length < 16) return "••••";
  return `${secret.slice(0, 3)}…${secret.slice(-4)}`;
}

import type { SecretBox } from "../security/secretBox";
import { ModelProviderError } from "./types";

/**
 * What a connection without a key sends as its key: the SDKs insist on one, and would otherwise take
 * the server's environment's (OPENAI_API_KEY, AZURE_OPENAI_API_KEY, ANTHROPIC_API_KEY) for any address.
 */
export const NO_KEY = "not-needed";

/** What a user and an administrator are told when a connection's stored key cannot be decrypted. */
export const UNREADABLE_KEY_TEXT =
  "The connection's key cannot be read: it was stored under another ENCRYPTION_KEY. An administrator must enter the key again.";

/**
 * A connection's key, decrypted; a key sealed under another ENCRYPTION_KEY (a restored backup, a
 * changed setting) throws a ModelProviderError that says so, instead of the cipher's own words.
 */
export function connectionKey(secrets: SecretBox, encryptedApiKey: string | null): string | undefined {
  if (!encryptedApiKey) return undefined;
  try {
    return secrets.decrypt(encryptedApiKey);
  } catch {
    throw new ModelProviderError(UNREADABLE_KEY_TEXT, undefined);
  }
}

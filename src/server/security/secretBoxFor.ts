import type { Config } from "../config";
import { createSecretBox, type SecretBox } from "./secretBox";

const boxes = new Map<string, SecretBox>();

/** The secret box for the configured ENCRYPTION_KEY, made once per key. */
export function secretBoxFor(config: Pick<Config, "encryptionKey">): SecretBox {
  let box = boxes.get(config.encryptionKey);
  if (!box) {
    box = createSecretBox(config.encryptionKey);
    boxes.set(config.encryptionKey, box);
  }
  return box;
}

/** Blobs as files under DATA_DIR/blobs, fanned out by the key's first two characters. */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { assertBlobKey, BlobNotFoundError, type BlobStore } from "./blobStore";

export function createFilesystemBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomUUID();
      const path = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      // Written beside the target and renamed: a crash never leaves a half-written blob under a real key.
      const partial = `${path}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, path);
      return key;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

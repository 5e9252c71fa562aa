import type { Config } from "../config";
import type { BlobStore } from "./blobStore";
import { createFilesystemBlobStore } from "./filesystemBlobStore";
import { createS3BlobStore } from "./s3BlobStore";

const stores = new Map<string, BlobStore>();

/** The configured blob store (BLOB_STORE: filesystem under BLOB_DIR, or an S3-compatible bucket), made once per setting. */
export function blobStoreFor(config: Pick<Config, "blobDir" | "s3">): BlobStore {
  const id = config.s3 ? `s3:${config.s3.endpoint}/${config.s3.bucket}/${config.s3.prefix}` : `fs:${config.blobDir}`;
  let store = stores.get(id);
  if (!store) {
    store = config.s3 ? createS3BlobStore(config.s3) : createFilesystemBlobStore(config.blobDir);
    stores.set(id, store);
  }
  return store;
}

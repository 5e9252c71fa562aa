import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

/**
 * multipart/form-data for the upload operations. Nothing is buffered or written
 * to disk by the plugin: each handler reads its one file with its own byte
 * limit (readUpload). These global limits only bound what no upload needs.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 } });
}

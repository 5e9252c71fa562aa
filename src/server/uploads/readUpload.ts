/** Reads a multipart upload (one `file` part plus a few short fields) into memory, within a byte limit. */
import type { FastifyRequest } from "fastify";
import { problem } from "../http/problem";
import { formatBytes } from "./formatBytes";

export interface Upload {
  /** The file name the client sent (unsanitised: see safeFileName). */
  fileName: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

const invalid = (field: string, message: string) =>
  problem(400, "Bad Request", "The request is not valid.", { [field]: [message] });

export function tooLarge(limit: number): Error {
  return problem(
    413,
    "Payload Too Large",
    `The file is larger than the limit of ${formatBytes(limit)} for its kind of content.`,
  );
}

/** Busboy stops reading at `maxBytes`, so an oversized upload is never held in memory whole. */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  fieldNames: readonly string[] = [],
): Promise<Upload> {
  if (!request.isMultipart()) throw invalid("file", "must be sent as multipart/form-data");
  let file: { fileName: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: fieldNames.length, fieldSize: 256, parts: fieldNames.length + 1 },
    })) {
      if (part.type === "file") {
        if (part.fieldname !== "file") throw invalid(part.fieldname, "is not allowed");
        file = { fileName: part.filename, bytes: await part.toBuffer() };
      } else {
        if (!fieldNames.includes(part.fieldname)) throw invalid(part.fieldname, "is not allowed");
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(maxBytes);
    if (code === "FST_FILES_LIMIT") throw invalid("file", "only one file may be sent");
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw invalid("body", `only file${fieldNames.map((f) => `, ${f}`).join("")} may be sent`);
    throw error;
  }
  if (!file) throw invalid("file", "is required");
  if (file.bytes.length === 0) throw invalid("file", "must not be empty");
  return { ...file, fields };
}

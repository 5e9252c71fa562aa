/** POST /attachments: the fields are checked first, then the bytes (storeDocument); a refused upload writes nothing. */
import type { FastifyRequest } from "fastify";
import type { components } from "../../../generated/api";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { problem } from "../../http/problem";
import { readUpload } from "../../uploads/readUpload";
import { toAttachment } from "./attachmentRepo";
import { checkDocument, insertDocument, maxDocumentBytes, withStoredBlob } from "./storeDocument";

type Schemas = components["schemas"];

const TYPES: readonly Schemas["AttachmentType"][] = ["FileSearch", "CodeInterpreter"];
const CONTEXTS: readonly Schemas["AttachmentContext"][] = ["GptSystem", "Conversation"];

function checkFields(fields: Record<string, string>): {
  type: Schemas["AttachmentType"];
  context: Schemas["AttachmentContext"];
} {
  const errors: Record<string, string[]> = {};
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = fields[name];
    if (value === undefined || value === "") errors[name] = ["is required"];
    else if (!allowed.includes(value as T)) errors[name] = [`must be one of: ${allowed.join(", ")}`];
    else return value as T;
    return undefined;
  };
  const type = pick("attachmentType", TYPES);
  const context = pick("context", CONTEXTS);
  if (!type || !context) throw problem(400, "Bad Request", "The request is not valid.", errors);
  return { type, context };
}

export async function uploadAttachment(
  request: FastifyRequest,
  db: Db,
  config: Config,
  ownerUserId: string,
): Promise<Schemas["Attachment"]> {
  const upload = await readUpload(request, maxDocumentBytes(config.uploadLimits), ["attachmentType", "context"]);
  const { type, context } = checkFields(upload.fields);
  const doc = await checkDocument(upload, config.uploadLimits);
  const { row, job } = await withStoredBlob(config, doc.bytes, (blobKey) =>
    db.transaction((tx) => insertDocument(tx, doc, blobKey, { ownerUserId, type, context })),
  );
  return toAttachment(row, job);
}

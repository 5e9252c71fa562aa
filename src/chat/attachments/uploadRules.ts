/**
 * What the composer accepts before anything is sent: the server sniffs every
 * upload anyway (and answers 413 / 415 as problem+json), but a file that cannot
 * pass is refused at once, with a message that says why. The limits are the
 * server's (GET /uploadLimits), with its defaults (UPLOAD_MAX_*_BYTES, README
 * "Configuration") until they are known.
 */
import type { components } from "../../generated/api";
import type { UploadOptions } from "./uploadFiles";

const MiB = 1024 * 1024;

/** The largest file per kind, in bytes. */
export interface UploadLimits {
  image: number;
  pdf: number;
  docx: number;
  text: number;
}

/** The server's defaults: the fallback until its configured limits are read. */
export const UPLOAD_LIMITS: UploadLimits = { image: 10 * MiB, pdf: 20 * MiB, docx: 20 * MiB, text: 5 * MiB };

/** PostQuestionRequest: visionImageIds maxItems 10, attachmentIds maxItems 20. */
export const MAX_IMAGES_PER_QUESTION = 10;
export const MAX_FILES_PER_QUESTION = 20;

export type DocumentKind = "pdf" | "docx" | "text";
export type UploadKind = { kind: "image" } | { kind: "document"; document: DocumentKind };

/** What the agent's details allow (GptSystemDetailsForConversation). */
export interface UploadPolicy {
  /** supportsVision: images go to the model as vision images. */
  acceptsImages: boolean;
  /** Spec §5: only FileSearch or CodeInterpreter attachments are uploaded. */
  attachmentType: components["schemas"]["AttachmentType"];
  agentName: string;
  /** The server's size limits. */
  limits: UploadLimits;
  /** False where only images may be attached (the public chat); documents are then refused. Default true. */
  acceptsDocuments?: boolean;
  /** Where an image is uploaded; default the signed-in chat's POST /userConversations/VisionImages/Files. */
  uploadImage?(file: File, options: UploadOptions): Promise<components["schemas"]["VisionImage"]>;
}

export function uploadPolicyOf(
  details: Pick<
    components["schemas"]["GptSystemDetailsForConversation"],
    "supportsVision" | "capabilityTypes" | "name"
  >,
  limits: UploadLimits = UPLOAD_LIMITS,
): UploadPolicy {
  return {
    acceptsImages: details.supportsVision,
    // The code interpreter reads its files from its sandbox; search reads the index.
    attachmentType: details.capabilityTypes.includes("CodeInterpreter") ? "CodeInterpreter" : "FileSearch",
    agentName: details.name,
    limits,
  };
}

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "webp", "gif"]);
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const TEXT_EXTENSIONS = new Set(["txt", "text", "md", "markdown", "html", "htm", "csv", "json", "log"]);
/** Text the server refuses (SVG and XML run scripts or are no format it reads). */
const REFUSED_TEXT = new Set(["svg", "xml", "image/svg+xml", "text/xml", "application/xml"]);

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

/** The kind a file claims by its name and declared type (the server decides from the bytes). */
export function uploadKindOf(file: Pick<File, "name" | "type">): UploadKind | null {
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase();
  if (REFUSED_TEXT.has(extension) || REFUSED_TEXT.has(type)) return null;
  if (IMAGE_TYPES.has(type) || IMAGE_EXTENSIONS.has(extension)) return { kind: "image" };
  if (type === "application/pdf" || extension === "pdf") return { kind: "document", document: "pdf" };
  if (type === DOCX_TYPE || extension === "docx") return { kind: "document", document: "docx" };
  if (TEXT_EXTENSIONS.has(extension) || type.startsWith("text/") || type === "application/json")
    return { kind: "document", document: "text" };
  return null;
}

export function limitOf(kind: UploadKind, limits: UploadLimits = UPLOAD_LIMITS): number {
  return kind.kind === "image" ? limits.image : limits[kind.document];
}

export type Refusal =
  | { reason: "unsupportedType" }
  | { reason: "imagesNotAccepted" }
  | { reason: "documentsNotAccepted" }
  | { reason: "empty" }
  | { reason: "tooLarge"; limit: number }
  | { reason: "tooManyImages" }
  | { reason: "tooManyFiles" };

export interface Counts {
  images: number;
  files: number;
}

/** Checks one file against the agent's policy and what the composer already holds. */
export function checkUpload(
  file: Pick<File, "name" | "type" | "size">,
  policy: UploadPolicy,
  held: Counts,
): { ok: true; kind: UploadKind } | { ok: false; refusal: Refusal } {
  const kind = uploadKindOf(file);
  if (!kind) return { ok: false, refusal: { reason: "unsupportedType" } };
  if (kind.kind === "image" && !policy.acceptsImages) return { ok: false, refusal: { reason: "imagesNotAccepted" } };
  if (kind.kind === "document" && policy.acceptsDocuments === false)
    return { ok: false, refusal: { reason: "documentsNotAccepted" } };
  if (file.size === 0) return { ok: false, refusal: { reason: "empty" } };
  const limit = limitOf(kind, policy.limits);
  if (file.size > limit) return { ok: false, refusal: { reason: "tooLarge", limit } };
  if (kind.kind === "image" && held.images >= MAX_IMAGES_PER_QUESTION)
    return { ok: false, refusal: { reason: "tooManyImages" } };
  if (kind.kind === "document" && held.files >= MAX_FILES_PER_QUESTION)
    return { ok: false, refusal: { reason: "tooManyFiles" } };
  return { ok: true, kind };
}

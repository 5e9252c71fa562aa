/**
 * What an upload really is, from its bytes: the client's file name and declared
 * type are never trusted. Images: PNG, JPEG, WebP, GIF. Documents: PDF, DOCX and
 * UTF-8 text (plain, Markdown, HTML, CSV, JSON; the name only picks among these
 * once the bytes are known to be text).
 */
import { fileTypeFromBuffer } from "file-type";
import type { UploadLimits } from "../config";
import { problem } from "../http/problem";
import { extensionOf } from "./safeFileName";
import { inspectZip, ZipRefusal } from "./zipInspection";

export type DocumentKind = "pdf" | "docx" | "text";

export interface SniffedDocument {
  kind: DocumentKind;
  mimeType: string;
}

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);
export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export function unsupported(detail: string): Error {
  return problem(415, "Unsupported Media Type", detail);
}

export async function sniffImage(bytes: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime))
    throw unsupported(
      `Only PNG, JPEG, WebP and GIF images are accepted; this file is ${type ? type.mime : "not one of them"}.`,
    );
  return type.mime;
}

const TEXT_TYPES: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  html: "text/html",
  htm: "text/html",
  csv: "text/csv",
  json: "application/json",
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of a text file, or undefined when the bytes are not UTF-8 text. */
export function decodeText(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return undefined;
  }
}

function textMimeType(text: string, fileName: string): string {
  const byName = TEXT_TYPES[extensionOf(fileName)];
  if (byName === "application/json") {
    try {
      JSON.parse(text);
    } catch {
      throw unsupported("The file is named .json but is not valid JSON.");
    }
  }
  if (byName) return byName;
  return /^\s*(<!doctype html|<html[\s>])/i.test(text) ? "text/html" : "text/plain";
}

function isZip(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6)
  );
}

export async function sniffDocument(bytes: Buffer, fileName: string, limits: UploadLimits): Promise<SniffedDocument> {
  if (isZip(bytes)) {
    // Inspected before anything else reads it: the cap on decompression is the zip-bomb defence.
    let entries: string[];
    try {
      entries = inspectZip(bytes, limits.docxUncompressed).entryNames;
    } catch (error) {
      if (error instanceof ZipRefusal) throw unsupported(error.message);
      throw error;
    }
    if (entries.includes("[Content_Types].xml") && entries.includes("word/document.xml"))
      return { kind: "docx", mimeType: DOCX_MIME };
    throw unsupported("Archives are not accepted; attach the documents themselves (PDF, DOCX or text).");
  }
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === "application/pdf") return { kind: "pdf", mimeType: type.mime };
  if (type) throw unsupported(`Files of type ${type.mime} are not accepted; attach PDF, DOCX or text files.`);
  const text = decodeText(bytes);
  if (text === undefined) throw unsupported("The file is neither a PDF, a DOCX nor UTF-8 text.");
  // SVG is XML that browsers run scripts in; neither is a format this product reads. A comment, a
  // DOCTYPE or a processing instruction may come before the root element.
  const root = text.slice(0, 64 * 1024).replace(/^(?:\s+|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<\?[\s\S]*?\?>)*/i, "");
  if (/^\s*<\?xml/i.test(text) || /^<svg[\s>/]/i.test(root))
    throw unsupported("SVG and XML files are not accepted; attach PDF, DOCX or text files.");
  return { kind: "text", mimeType: textMimeType(text, fileName) };
}

export function limitFor(kind: DocumentKind, limits: UploadLimits): number {
  return kind === "pdf" ? limits.pdf : kind === "docx" ? limits.docx : limits.text;
}

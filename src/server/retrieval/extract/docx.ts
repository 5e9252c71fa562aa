/**
 * DOCX through mammoth's HTML (headings survive as <h1>…), then the HTML path.
 * The upload was already inflated entry by entry under a cap (zipInspection),
 * and is checked again here for files stored before a lower cap was set.
 */
import mammoth from "mammoth";
import { inspectZip, ZipRefusal } from "../../uploads/zipInspection";
import { extractHtml } from "./html";
import { ExtractionError, type Extracted } from "./types";

export async function extractDocx(bytes: Buffer, maxUncompressedBytes: number): Promise<Extracted> {
  try {
    inspectZip(bytes, maxUncompressedBytes);
  } catch (error) {
    if (error instanceof ZipRefusal) throw new ExtractionError(error.message);
    throw error;
  }
  let html: string;
  try {
    // Images are dropped: only text is indexed, and inlining them as data URLs would bloat memory.
    ({ value: html } = await mammoth.convertToHtml(
      { buffer: bytes },
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) },
    ));
  } catch (error) {
    throw new ExtractionError(`The DOCX cannot be read: ${(error as Error).message}`);
  }
  return extractHtml(html);
}

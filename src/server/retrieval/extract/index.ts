/** Extracts the text of a stored attachment by its sniffed MIME type. */
import { decodeText, DOCX_MIME } from "../../uploads/sniffContent";
import { extractDocx } from "./docx";
import { extractHtml } from "./html";
import { extractMarkdown } from "./markdown";
import { extractPdf } from "./pdf";
import { extractCsv, extractJson } from "./structured";
import { ExtractionError, type Extracted } from "./types";

export async function extractText(
  bytes: Buffer,
  mimeType: string,
  limits: { docxUncompressed: number },
): Promise<Extracted> {
  if (mimeType === "application/pdf") return extractPdf(bytes);
  if (mimeType === DOCX_MIME) return extractDocx(bytes, limits.docxUncompressed);
  const text = decodeText(bytes);
  if (text === undefined) throw new ExtractionError("The file is not UTF-8 text.");
  switch (mimeType) {
    case "text/html":
      return extractHtml(text);
    case "text/csv":
      return extractCsv(text);
    case "application/json":
      return extractJson(text);
    case "text/markdown":
      return extractMarkdown(text);
    case "text/plain":
      // Plain text often uses Markdown headings too; where it does not, it is one section.
      return extractMarkdown(text);
    default:
      throw new ExtractionError(`No extractor for ${mimeType}.`);
  }
}

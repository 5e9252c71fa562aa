/** PDF text page by page (unpdf's build of PDF.js, no canvas, no workers). */
import { extractText, getDocumentProxy } from "unpdf";
import { ExtractionError, type Extracted } from "./types";

export async function extractPdf(bytes: Buffer): Promise<Extracted> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: PDF.js transfers (detaches) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    throw new ExtractionError(`The PDF cannot be opened: ${(error as Error).message}`);
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    return {
      pageCount: totalPages,
      sections: text
        .map((pageText, i) => ({ page: i + 1, heading: null, text: pageText }))
        .filter((s) => s.text.trim() !== ""),
    };
  } finally {
    await pdf.destroy();
  }
}

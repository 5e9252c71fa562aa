/** Extraction, chunking, sniffing and the ZIP guard as pure functions (no database). */
import { describe, expect, it } from "vitest";
import { uploadLimitsFrom } from "../../../../src/server/config";
import { chunkSections } from "../../../../src/server/retrieval/chunk";
import { extractText } from "../../../../src/server/retrieval/extract";
import { ExtractionError } from "../../../../src/server/retrieval/extract/types";
import { searchTerms } from "../../../../src/server/retrieval/search";
import { safeFileName } from "../../../../src/server/uploads/safeFileName";
import { DOCX_MIME, sniffDocument } from "../../../../src/server/uploads/sniffContent";
import { inspectZip, ZipRefusal } from "../../../../src/server/uploads/zipInspection";
import { makeDocx, makePdf, makeZip } from "../../../helpers/fileFixtures";

const limits = uploadLimitsFrom({});
const text = (s: string) => Buffer.from(s, "utf8");

describe("extraction", () => {
  it("reads a PDF page by page", async () => {
    const pdf = makePdf([["Intro page"], ["Second page (two)"], ["The launch code is 4711."]]);
    const result = await extractText(pdf, "application/pdf", limits);
    expect(result.pageCount).toBe(3);
    expect(result.sections.map((s) => [s.page, s.text.trim()])).toEqual([
      [1, "Intro page"],
      [2, "Second page (two)"],
      [3, "The launch code is 4711."],
    ]);
  });

  it("reads a DOCX with its headings", async () => {
    const docx = makeDocx([
      { text: "Handbook", style: "Heading1" },
      { text: "Welcome aboard." },
      { text: "Holidays", style: "Heading2" },
      { text: "Everyone gets 30 days & a bonus." },
    ]);
    const result = await extractText(docx, DOCX_MIME, limits);
    expect(result.sections).toEqual([
      { page: null, heading: "Handbook", text: "Welcome aboard." },
      { page: null, heading: "Handbook > Holidays", text: "Everyone gets 30 days & a bonus." },
    ]);
  });

  it("keeps Markdown headings and ignores # inside code fences", async () => {
    const md = "# Guide\nIntro.\n\n## Install\nRun it.\n```sh\n# not a heading\n```\n\n# Other\nEnd.";
    const { sections } = await extractText(text(md), "text/markdown", limits);
    expect(sections.map((s) => s.heading)).toEqual(["Guide", "Guide > Install", "Other"]);
    expect(sections[1]!.text).toContain("# not a heading");
  });

  it("reads HTML text without scripts, styles or comments, decoding entities", async () => {
    const html = `<!doctype html><html><head><title>t</title><style>p{color:red}</style></head><body>
      <h1>Prices</h1><script>alert("x")</script><!-- secret --><p>Tea &amp; coffee cost &#8364;3&nbsp;each.</p>
      <h2>Opening</h2><ul><li>Mon</li><li>Tue</li></ul></body></html>`;
    const { sections } = await extractText(text(html), "text/html", limits);
    expect(sections).toEqual([
      { page: null, heading: "Prices", text: "Tea & coffee cost €3 each." },
      { page: null, heading: "Prices > Opening", text: "Mon\n\nTue" },
    ]);
    expect(JSON.stringify(sections)).not.toMatch(/alert|secret|color/);
  });

  it("reads CSV rows under their header and JSON as path: value lines", async () => {
    const csv = await extractText(text("name,age\nAda,36\nAlan,41\n"), "text/csv", limits);
    expect(csv.sections[0]!.text).toBe("name,age\nAda,36\nAlan,41");
    const json = await extractText(
      text('{"team":{"lead":"Ada","members":["Alan","Grace"]}}'),
      "application/json",
      limits,
    );
    expect(json.sections[0]!.text).toBe("team.lead: Ada\nteam.members[0]: Alan\nteam.members[1]: Grace");
  });

  it("reads plain text as one section", async () => {
    const { sections } = await extractText(text("Just words.\n\nMore words."), "text/plain", limits);
    expect(sections).toEqual([{ page: null, heading: null, text: "Just words.\n\nMore words." }]);
  });

  it("reports a damaged PDF as an extraction error (not retried)", async () => {
    await expect(
      extractText(Buffer.from("%PDF-1.4\nthis is not a pdf"), "application/pdf", limits),
    ).rejects.toBeInstanceOf(ExtractionError);
  });
});

describe("chunking", () => {
  it("cuts long text into ~800-character passages with overlap, keeping page and heading", () => {
    const sentences = Array.from(
      { length: 60 },
      (_, i) => `Sentence number ${i} says something useful about topic ${i % 7}.`,
    );
    const chunks = chunkSections([{ page: 2, heading: "H", text: sentences.join(" ") }]);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.content.length).toBeLessThanOrEqual(810);
      expect(c).toMatchObject({ page: 2, heading: "H" });
    }
    // Each passage starts with the end of the previous one.
    for (let i = 1; i < chunks.length; i++) expect(chunks[i - 1]!.content).toContain(chunks[i]!.content.slice(0, 60));
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  it("never merges two pages into one passage", () => {
    const chunks = chunkSections([
      { page: 1, heading: null, text: "one" },
      { page: 2, heading: null, text: "two" },
    ]);
    expect(chunks.map((c) => [c.page, c.content])).toEqual([
      [1, "one"],
      [2, "two"],
    ]);
  });
});

describe("sniffing and names", () => {
  it("decides by content, and uses the name only to choose among text formats", async () => {
    expect(await sniffDocument(makePdf([["x"]]), "notes.txt", limits)).toEqual({
      kind: "pdf",
      mimeType: "application/pdf",
    });
    expect(await sniffDocument(makeDocx([{ text: "x" }]), "a.pdf", limits)).toEqual({
      kind: "docx",
      mimeType: DOCX_MIME,
    });
    expect((await sniffDocument(text("# T"), "a.md", limits)).mimeType).toBe("text/markdown");
    expect((await sniffDocument(text("<!DOCTYPE html><p>x"), "a.txt", limits)).mimeType).toBe("text/html");
    expect((await sniffDocument(text("a,b"), "a.csv", limits)).mimeType).toBe("text/csv");
    await expect(sniffDocument(text("{nope"), "a.json", limits)).rejects.toMatchObject({ status: 415 });
    await expect(sniffDocument(Buffer.from([0x68, 0x69, 0x00, 0x21]), "a.txt", limits)).rejects.toMatchObject({
      status: 415,
    });
    await expect(sniffDocument(Buffer.from([0xc3, 0x28, 0x41]), "a.txt", limits)).rejects.toMatchObject({
      status: 415,
    });
  });

  it("strips path components, control characters and leading dots from names", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\me\\report.pdf")).toBe("report.pdf");
    expect(safeFileName("..")).toBe("file");
    expect(safeFileName("a\u0000b\u202Efdp.exe")).toBe("abfdp.exe");
    expect(safeFileName(".hidden")).toBe("hidden");
    expect(safeFileName(`${"x".repeat(300)}.pdf`)).toHaveLength(200);
  });

  it("builds OR-ed search terms without operators", () => {
    expect(searchTerms('What is "the" -code or key?')).toBe("what or is or the or code or key");
    // Common words do not use up a long question's words: its point, often at its end, stays.
    const long =
      "I have been wondering for quite a while now, and my colleagues in the department have also been asking me " +
      "repeatedly during our weekly meetings on Monday mornings, whether somebody could finally tell us, once and for " +
      "all, who exactly is the night guard?";
    expect(searchTerms(long).split(" or ")).toEqual(expect.arrayContaining(["night", "guard"]));
  });
});

describe("the ZIP guard", () => {
  it("inflates entries for real and stops a bomb at the cap, whatever the directory declares", () => {
    const bomb = makeZip([{ name: "word/document.xml", data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 10 }]);
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => inspectZip(bomb, 1024 * 1024)).toThrow(ZipRefusal);
    expect(inspectZip(bomb, 10 * 1024 * 1024).uncompressedBytes).toBe(5 * 1024 * 1024);
  });

  it("refuses damaged containers", () => {
    expect(() => inspectZip(Buffer.from("PK\u0003\u0004garbage"), 1000)).toThrow(ZipRefusal);
  });
});

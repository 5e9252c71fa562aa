import { describe, expect, it } from "vitest";
import { formatFileSize } from "../../../../src/chat/attachments/formatFileSize";
import { checkUpload, uploadPolicyOf } from "../../../../src/chat/attachments/uploadRules";

const vision = uploadPolicyOf({ name: "Atlas", supportsVision: true, capabilityTypes: [] });
const blind = uploadPolicyOf({ name: "Atlas", supportsVision: false, capabilityTypes: ["FileSearch"] });
const none = { images: 0, files: 0 };
const MiB = 1024 * 1024;

describe("uploadRules", () => {
  it("derives the policy from the agent's details (spec §5: FileSearch or CodeInterpreter only)", () => {
    expect(vision).toEqual({
      acceptsImages: true,
      attachmentType: "FileSearch",
      agentName: "Atlas",
      limits: { image: 10 * MiB, pdf: 20 * MiB, docx: 20 * MiB, text: 5 * MiB },
    });
    expect(
      uploadPolicyOf({ name: "Py", supportsVision: false, capabilityTypes: ["CodeInterpreter"] }).attachmentType,
    ).toBe("CodeInterpreter");
  });

  it("accepts the kinds the server reads, within their limits", () => {
    expect(checkUpload({ name: "a.PNG", type: "", size: 10 * MiB }, vision, none)).toEqual({
      ok: true,
      kind: { kind: "image" },
    });
    expect(checkUpload({ name: "a.pdf", type: "application/pdf", size: 20 * MiB }, vision, none)).toEqual({
      ok: true,
      kind: { kind: "document", document: "pdf" },
    });
    expect(checkUpload({ name: "notes", type: "text/plain", size: 10 }, vision, none)).toEqual({
      ok: true,
      kind: { kind: "document", document: "text" },
    });
  });

  it("refuses with the reason", () => {
    const refusal = (file: { name: string; type: string; size: number }, policy = vision, held = none) => {
      const result = checkUpload(file, policy, held);
      return result.ok ? null : result.refusal;
    };
    expect(refusal({ name: "logo.svg", type: "image/svg+xml", size: 10 })).toEqual({ reason: "unsupportedType" });
    expect(refusal({ name: "a.zip", type: "application/zip", size: 10 })).toEqual({ reason: "unsupportedType" });
    expect(refusal({ name: "a.png", type: "image/png", size: 10 }, blind)).toEqual({ reason: "imagesNotAccepted" });
    expect(refusal({ name: "a.md", type: "", size: 5 * MiB + 1 })).toEqual({ reason: "tooLarge", limit: 5 * MiB });
    expect(refusal({ name: "a.png", type: "image/png", size: 10 * MiB + 1 })).toEqual({
      reason: "tooLarge",
      limit: 10 * MiB,
    });
    expect(refusal({ name: "a.txt", type: "text/plain", size: 0 })).toEqual({ reason: "empty" });
    expect(refusal({ name: "a.png", type: "image/png", size: 1 }, vision, { images: 10, files: 0 })).toEqual({
      reason: "tooManyImages",
    });
    expect(refusal({ name: "a.csv", type: "text/csv", size: 1 }, vision, { images: 0, files: 20 })).toEqual({
      reason: "tooManyFiles",
    });
  });

  it("checks against the server's configured limits when it has them", () => {
    const limits = { image: 30 * MiB, pdf: 100 * MiB, docx: 50 * MiB, text: 1000 };
    const configured = uploadPolicyOf({ name: "Atlas", supportsVision: true, capabilityTypes: [] }, limits);
    expect(checkUpload({ name: "a.png", type: "image/png", size: 30 * MiB }, configured, none).ok).toBe(true);
    expect(checkUpload({ name: "a.pdf", type: "application/pdf", size: 100 * MiB }, configured, none).ok).toBe(true);
    expect(checkUpload({ name: "a.docx", type: "", size: 50 * MiB + 1 }, configured, none)).toEqual({
      ok: false,
      refusal: { reason: "tooLarge", limit: 50 * MiB },
    });
    expect(checkUpload({ name: "a.txt", type: "text/plain", size: 1001 }, configured, none)).toEqual({
      ok: false,
      refusal: { reason: "tooLarge", limit: 1000 },
    });
  });

  it("formats sizes for people", () => {
    expect([formatFileSize(900), formatFileSize(1536), formatFileSize(21 * MiB)]).toEqual([
      "900 B",
      "1.5 KiB",
      "21 MiB",
    ]);
  });

  it("rounds a size up, so that a file just over a limit does not read as the limit", () => {
    expect([
      formatFileSize(10 * MiB + 1),
      formatFileSize(10 * MiB),
      formatFileSize(MiB - 1),
      formatFileSize(1025),
    ]).toEqual(["10.1 MiB", "10 MiB", "1 MiB", "1.1 KiB"]);
  });
});

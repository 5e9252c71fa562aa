/** Spec §4: clearing the conversation resets the composer's files, whatever their state. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { composerFilesActions, composerFilesStore } from "../../../../src/chat/attachments/composerFilesStore";
import { UPLOAD_LIMITS, type UploadPolicy } from "../../../../src/chat/attachments/uploadRules";
import { chatActions, chatStore, initialChatState } from "../../../../src/chat/state/chatStore";

const { signals, pendingUpload } = vi.hoisted(() => {
  const signals: AbortSignal[] = [];
  // An upload that never finishes: it only ends when its signal aborts, as the real request does.
  const pendingUpload = (_file: File, { signal }: { signal: AbortSignal }) => {
    signals.push(signal);
    return new Promise<never>((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
  };
  return { signals, pendingUpload };
});
vi.mock("../../../../src/chat/attachments/uploadFiles", () => ({
  uploadVisionImage: pendingUpload,
  uploadAttachment: (file: File, _type: string, options: { signal: AbortSignal }) => pendingUpload(file, options),
}));

const policy: UploadPolicy = { acceptsImages: true, attachmentType: "FileSearch", agentName: "Atlas", limits: UPLOAD_LIMITS };
const fileOf = (name: string, type: string, size = 10) => new File(["x".repeat(size)], name, { type });

afterEach(() => {
  composerFilesActions.clear();
  chatStore.setState(initialChatState);
  signals.length = 0;
});

describe("clearing the conversation", () => {
  it("drops files still uploading and cancels their requests", () => {
    composerFilesActions.add([fileOf("report.pdf", "application/pdf"), fileOf("photo.png", "image/png")], policy);
    expect(composerFilesStore.getState().files.map((f) => [f.name, f.status])).toEqual([
      ["report.pdf", "uploading"],
      ["photo.png", "uploading"],
    ]);

    chatActions.clearConversation();

    expect(composerFilesStore.getState().files).toEqual([]);
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
    expect(composerFilesActions.take()).toEqual({ visionImageIds: [], attachmentIds: [], files: [] });
  });

  it("drops files that failed (refused before upload)", () => {
    composerFilesActions.add([fileOf("notes.exe", "application/x-msdownload"), fileOf("empty.pdf", "application/pdf", 0)], policy);
    expect(composerFilesStore.getState().files.map((f) => [f.name, f.status, f.refusal?.reason])).toEqual([
      ["notes.exe", "failed", "unsupportedType"],
      ["empty.pdf", "failed", "empty"],
    ]);

    chatActions.clearConversation();

    expect(composerFilesStore.getState().files).toEqual([]);
  });
});

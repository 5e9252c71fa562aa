/**
 * The files waiting in the composer: each is checked (uploadRules), uploaded at
 * once with its progress, and sent with the next question. Ready files are
 * mirrored into the chat state's uploadedImagesPrompt / uploadedFilesPrompt
 * (spec §3); clearing the conversation (New Chat, another agent; spec §4)
 * clears them all here, cancelling uploads still in flight.
 */
import { onUserDataReset } from "../../app/auth/userDataReset";
import { logger } from "../../app/logger";
import { createStore } from "../../app/store/createStore";
import type { components } from "../../generated/api";
import { chatStore, onConversationCleared } from "../state/chatStore";
import { rememberVisionImages } from "./visionImageFiles";
import { checkUpload, type Refusal, type UploadKind, type UploadPolicy } from "./uploadRules";
import { uploadAttachment, uploadVisionImage } from "./uploadFiles";
import { uploadFailureOf, type UploadFailure } from "./uploadFailure";

type Schemas = components["schemas"];

export type ComposerFileStatus = "uploading" | "ready" | "failed";

export interface ComposerFile {
  id: string;
  name: string;
  size: number;
  kind: UploadKind["kind"];
  status: ComposerFileStatus;
  /** 0..1 of the request body sent. */
  progress: number;
  /** The image itself, shown before (and while) it uploads. */
  previewUrl: string | null;
  refusal: Refusal | null;
  failure: UploadFailure | null;
  visionImage: Schemas["VisionImage"] | null;
  attachment: Schemas["Attachment"] | null;
}

export const composerFilesStore = createStore<{ files: ComposerFile[] }>({ files: [] });

const uploads = new Map<string, AbortController>();
let nextId = 1;

function patch(id: string, change: Partial<ComposerFile>): void {
  composerFilesStore.setState((state) => ({
    files: state.files.map((file) => (file.id === id ? { ...file, ...change } : file)),
  }));
}

function previewOf(file: File, kind: UploadKind): string | null {
  // jsdom (tests) has no object URLs; the thumbnail then shows an icon.
  return kind.kind === "image" && typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null;
}

function release(file: ComposerFile): void {
  uploads.get(file.id)?.abort();
  uploads.delete(file.id);
  if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
}

async function upload(id: string, file: File, kind: UploadKind, policy: UploadPolicy): Promise<void> {
  const controller = new AbortController();
  uploads.set(id, controller);
  const options = { signal: controller.signal, onProgress: (progress: number) => patch(id, { progress }) };
  try {
    if (kind.kind === "image") {
      const visionImage = await (policy.uploadImage ?? uploadVisionImage)(file, options);
      rememberVisionImages([visionImage]);
      patch(id, { status: "ready", progress: 1, visionImage });
    } else {
      const attachment = await uploadAttachment(file, policy.attachmentType, options);
      patch(id, { status: "ready", progress: 1, attachment });
    }
  } catch (error) {
    if (controller.signal.aborted) return; // Removed by the user: nothing to show.
    logger.error("An upload failed.", error);
    patch(id, { status: "failed", failure: uploadFailureOf(error) });
  } finally {
    if (uploads.get(id) === controller) uploads.delete(id);
  }
}

const counts = (files: readonly ComposerFile[]) => ({
  images: files.filter((f) => f.kind === "image" && f.status !== "failed").length,
  files: files.filter((f) => f.kind === "document" && f.status !== "failed").length,
});

export const composerFilesActions = {
  /** Checks each file and starts the uploads of those that pass; refused ones show why. */
  add(files: readonly File[], policy: UploadPolicy): void {
    for (const file of files) {
      const check = checkUpload(file, policy, counts(composerFilesStore.getState().files));
      const id = `file-${nextId++}`;
      const entry: ComposerFile = {
        id,
        name: file.name,
        size: file.size,
        kind: check.ok ? check.kind.kind : file.type.startsWith("image/") ? "image" : "document",
        status: check.ok ? "uploading" : "failed",
        progress: 0,
        previewUrl: check.ok ? previewOf(file, check.kind) : null,
        refusal: check.ok ? null : check.refusal,
        failure: null,
        visionImage: null,
        attachment: null,
      };
      composerFilesStore.setState((state) => ({ files: [...state.files, entry] }));
      if (check.ok) void upload(id, file, check.kind, policy);
    }
  },
  /** Removes a file; an upload in flight is cancelled. */
  remove(id: string): void {
    const file = composerFilesStore.getState().files.find((f) => f.id === id);
    if (file) release(file);
    composerFilesStore.setState((state) => ({ files: state.files.filter((f) => f.id !== id) }));
  },
  clear(): void {
    for (const file of composerFilesStore.getState().files) release(file);
    composerFilesStore.setState({ files: [] });
  },
  /**
   * The ids for the question being sent, taking the files out of the composer;
   * null while an upload is in flight (nothing is sent then).
   */
  take(): { visionImageIds: string[]; attachmentIds: string[]; files: ComposerFile[] } | null {
    const { files } = composerFilesStore.getState();
    if (files.some((f) => f.status === "uploading")) return null;
    const ready = files.filter((f) => f.status === "ready");
    for (const file of files) if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
    composerFilesStore.setState({ files: [] });
    return {
      visionImageIds: ready.flatMap((f) => (f.visionImage ? [f.visionImage.visionImageId] : [])),
      attachmentIds: ready.flatMap((f) => (f.attachment ? [f.attachment.attachmentId] : [])),
      files: ready.map((f) => ({ ...f, previewUrl: null })),
    };
  },
  /** Puts files back after their question could not be posted. */
  restore(files: readonly ComposerFile[]): void {
    if (files.length > 0) composerFilesStore.setState((state) => ({ files: [...files, ...state.files] }));
  },
};

export const selectUploading = (state: { files: ComposerFile[] }): boolean =>
  state.files.some((f) => f.status === "uploading");

// Mirror ready files into the chat state (spec §3 uploadedImagesPrompt / uploadedFilesPrompt).
let mirroredKey = "";
composerFilesStore.subscribe(() => {
  const ready = composerFilesStore.getState().files.filter((f) => f.status === "ready");
  // Progress ticks change nothing here: write only when the set of ready files changed.
  const key = ready.map((f) => f.id).join(",");
  if (key === mirroredKey) return;
  mirroredKey = key;
  chatStore.setState({
    uploadedImagesPrompt: ready.flatMap((f) =>
      f.visionImage ? [{ visionImageId: f.visionImage.visionImageId, blobFileName: f.visionImage.blobFileName }] : [],
    ),
    uploadedFilesPrompt: ready.flatMap((f) =>
      f.attachment
        ? [{ attachmentId: f.attachment.attachmentId, originalFileName: f.attachment.originalFileName }]
        : [],
    ),
  });
});
// Spec §4: clearing the conversation resets every file, ready or not: uploads in flight are
// cancelled and failed ones dropped, so that none of them rides along with the next question.
onConversationCleared(() => composerFilesActions.clear());
onUserDataReset(() => composerFilesActions.clear());

/**
 * The remove button of a file in a composer: the file goes, and the focus (which went with its
 * button) moves to the composer's message box, where the question is written.
 */
export function removeFromComposer(button: HTMLElement, id: string): void {
  const messageBox = button.closest("form")?.querySelector("textarea");
  composerFilesActions.remove(id);
  messageBox?.focus();
}

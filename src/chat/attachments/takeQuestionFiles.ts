import { composerFilesActions } from "./composerFilesStore";

export interface QuestionFiles {
  visionImageIds: string[];
  attachmentIds: string[];
  /** Puts the files back in the composer (the question could not be posted). */
  restore(): void;
}

/**
 * The files a question is sent with. A new question under the selected leaf
 * (`parentSegmentId` absent: the composer, a suggested prompt) takes the
 * composer's files; a regenerated or edited one keeps those it was asked with.
 * null while an upload is in flight: nothing is sent then.
 */
export function takeQuestionFiles(
  parentSegmentId: string | null | undefined,
  asked: { visionImageIds?: string[]; attachmentIds?: string[] } = {},
): QuestionFiles | null {
  if (parentSegmentId !== undefined)
    return {
      visionImageIds: asked.visionImageIds ?? [],
      attachmentIds: asked.attachmentIds ?? [],
      restore: () => undefined,
    };
  const taken = composerFilesActions.take();
  if (!taken) return null;
  return {
    visionImageIds: taken.visionImageIds,
    attachmentIds: taken.attachmentIds,
    restore: () => composerFilesActions.restore(taken.files),
  };
}

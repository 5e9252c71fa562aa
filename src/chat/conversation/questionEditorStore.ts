/**
 * The one question being edited (spec §2: an edited question is asked again as a sibling branch).
 * One editor at a time: opening another closes the first. Kept outside the rows, which come and
 * go: a row that gives way to another version, or to the branch of an edit the server did not
 * take, shows its editor again with the text when it is back.
 */
import { onUserDataReset } from "../../app/auth/userDataReset";
import { createStore } from "../../app/store/createStore";
import { useStore } from "../../app/store/useStore";

interface QuestionEditorState {
  segmentId: string | null;
  text: string;
  /** The question's images and documents (their ids) that the edited question is asked without. */
  removedFileIds: readonly string[];
  /** The editor takes the focus when it opens, not when it shows again after a version switch. */
  focus: boolean;
}

const NONE: readonly string[] = [];
const closed: QuestionEditorState = { segmentId: null, text: "", removedFileIds: NONE, focus: false };
const questionEditorStore = createStore<QuestionEditorState>(closed);

export const questionEditorActions = {
  open(segmentId: string, text: string, removedFileIds: readonly string[] = NONE): void {
    questionEditorStore.setState({ segmentId, text, removedFileIds, focus: true });
  },
  change(text: string): void {
    questionEditorStore.setState({ text });
  },
  removeFile(fileId: string): void {
    const { removedFileIds } = questionEditorStore.getState();
    questionEditorStore.setState({ removedFileIds: [...removedFileIds, fileId] });
  },
  focused(): void {
    questionEditorStore.setState({ focus: false });
  },
  close(): void {
    questionEditorStore.setState(closed);
  },
};

/** The text of this segment's open editor, or undefined when its question is not being edited. */
export function useQuestionEditorText(segmentId: string | undefined): string | undefined {
  return useStore(questionEditorStore, (state) =>
    segmentId !== undefined && state.segmentId === segmentId ? state.text : undefined,
  );
}

/** Whether this segment's editor has just been opened and should take the focus. */
export function useQuestionEditorFocus(segmentId: string | undefined): boolean {
  return useStore(questionEditorStore, (state) => state.focus && state.segmentId === segmentId);
}

/** The files left out of this segment's open editor (none when its question is not being edited). */
export function useQuestionEditorRemovedFiles(segmentId: string | undefined): readonly string[] {
  return useStore(questionEditorStore, (state) =>
    segmentId !== undefined && state.segmentId === segmentId ? state.removedFileIds : NONE,
  );
}

onUserDataReset(() => questionEditorActions.close());

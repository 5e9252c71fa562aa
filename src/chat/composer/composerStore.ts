import { onUserDataReset } from "../../app/auth/userDataReset";
import { createStore } from "../../app/store/createStore";

/**
 * The composer's draft, outside React so that a picked user prompt, or a
 * question whose post failed, can be put back into the input from anywhere.
 */
export const composerStore = createStore<{ draft: string; focusRequest: number }>({ draft: "", focusRequest: 0 });

/** Drafts of the conversations not shown, by conversation id ("" for a new chat): each comes back with its conversation. */
const otherDrafts = new Map<string, string>();

export const composerActions = {
  /**
   * The conversation shown changed from `from` to `to` (null: a new chat): the draft typed for `from`
   * is kept for it, and `to`'s own draft, if any, takes its place in the input. A draft left in a
   * conversation that can no longer be asked in (`fromClosed`: deleted, its agent gone) goes with
   * the user to `to`, after `to`'s own draft if it has one.
   */
  switchConversation(from: string | null, to: string | null, fromClosed = false): void {
    const { draft } = composerStore.getState();
    const own = otherDrafts.get(to ?? "");
    otherDrafts.delete(to ?? "");
    if (fromClosed && draft.trim()) {
      otherDrafts.delete(from ?? "");
      composerStore.setState({ draft: own ? `${own}\n\n${draft}` : draft });
      return;
    }
    if (draft.trim()) otherDrafts.set(from ?? "", draft);
    else otherDrafts.delete(from ?? "");
    composerStore.setState({ draft: own ?? "" });
  },
  /** No draft anywhere (a sign-out, a test's fresh start). */
  reset(): void {
    otherDrafts.clear();
    composerStore.setState({ draft: "", focusRequest: 0 });
  },
  setDraft(draft: string): void {
    composerStore.setState({ draft });
  },
  focus(): void {
    composerStore.setState((state) => ({ focusRequest: state.focusRequest + 1 }));
  },
  /**
   * Puts text into the input and focuses it (a picked user prompt, a question to retry). What
   * was already typed there is kept, after a blank line: a prompt is the instruction for it.
   */
  insert(text: string): void {
    composerStore.setState((state) => ({
      draft: state.draft.trim() ? `${text}\n\n${state.draft}` : text,
      focusRequest: state.focusRequest + 1,
    }));
  },
};

// What was typed stays with the person who typed it.
onUserDataReset(() => composerActions.reset());

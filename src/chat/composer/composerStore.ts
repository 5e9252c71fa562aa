import { createStore } from "../../app/store/createStore";

/**
 * The composer's draft, outside React so that a picked user prompt, or a
 * question whose post failed, can be put back into the input from anywhere.
 */
export const composerStore = createStore<{ draft: string; focusRequest: number }>({ draft: "", focusRequest: 0 });

export const composerActions = {
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

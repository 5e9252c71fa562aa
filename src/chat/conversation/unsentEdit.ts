/**
 * An edited question the server did not take (offline, refused): its row opens the editor again
 * with the text. Kept outside the row, which the edit's branch replaced while it was being sent.
 */
import { createStore } from "../../app/store/createStore";
import { useStore } from "../../app/store/useStore";

const unsentEditStore = createStore<{ segmentId: string | null; text: string }>({ segmentId: null, text: "" });

export const unsentEditActions = {
  keep(segmentId: string, text: string): void {
    unsentEditStore.setState({ segmentId, text });
  },
  clear(): void {
    unsentEditStore.setState({ segmentId: null, text: "" });
  },
};

/** The unsent edit of this segment's question, if any. */
export function useUnsentEdit(segmentId: string | undefined): string | undefined {
  return useStore(unsentEditStore, (state) =>
    segmentId !== undefined && state.segmentId === segmentId ? state.text : undefined,
  );
}

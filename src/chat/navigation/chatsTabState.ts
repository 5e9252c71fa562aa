import { onUserDataReset } from "../../app/auth/userDataReset";
import { createStore } from "../../app/store/createStore";
import { useStore } from "../../app/store/useStore";
import type { ConversationListKind } from "../queries/chatQueryKeys";
import { useChatUserId } from "../queries/useChatUserId";

interface ChatsTabState {
  /** Whose choices these are: another user signing in on this page starts afresh. */
  userId: string | null;
  list: ConversationListKind;
  search: string;
}

/**
 * The Chats tab's list (History / Archived) and title search, kept outside the navigation's panel:
 * the panel leaves the page when the navigation collapses or the phone's drawer closes (a
 * conversation picked from the results), and the reader comes back to the same results.
 */
const initialState: ChatsTabState = { userId: null, list: "history", search: "" };
const chatsTabStore = createStore<ChatsTabState>(initialState);

/**
 * Where each list was last scrolled to, with its search: the list leaves the page when the other
 * sub-tab is chosen or the panel closes, and comes back where the reader left it (a new search's
 * results start from the top). Not a store: nothing renders on a scroll.
 */
const scrollTops = new Map<string, { search: string; top: number }>();

/** Back to History without a search (a test's fresh start). */
export function resetChatsTabState(): void {
  chatsTabStore.setState(initialState);
  scrollTops.clear();
}

/** The list's remembered scroll position for this user and search, and how to remember a new one. */
export function useListScrollTop(list: ConversationListKind, search: string) {
  const key = `${useChatUserId()}:${list}`;
  return {
    saved: (): number => {
      const memory = scrollTops.get(key);
      return memory?.search === search ? memory.top : 0;
    },
    save: (top: number): void => void scrollTops.set(key, { search, top }),
  };
}

export function useChatsTabState() {
  const userId = useChatUserId();
  const own = useStore(chatsTabStore, (state) => state.userId === userId);
  const list = useStore(chatsTabStore, (state) => state.list);
  const search = useStore(chatsTabStore, (state) => state.search);
  const update = (patch: Partial<Omit<ChatsTabState, "userId">>) =>
    chatsTabStore.setState((state) => ({
      ...(state.userId === userId ? state : { list: "history" as const, search: "" }),
      ...patch,
      userId,
    }));
  return {
    list: own ? list : ("history" as const),
    search: own ? search : "",
    setList: (next: ConversationListKind) => update({ list: next }),
    setSearch: (next: string) => update({ search: next }),
  };
}

onUserDataReset(resetChatsTabState);

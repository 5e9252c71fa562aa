import AddRoundedIcon from "@mui/icons-material/AddRounded";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { hasVisibleText } from "../../app/input/hasVisibleText";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import type { ConversationListKind } from "../queries/chatQueryKeys";
import { useChatsTabState } from "./chatsTabState";
import { ConversationList } from "./conversations/ConversationList";
import { SubTabs } from "./SubTabs";
import { TitleSearchField } from "./TitleSearchField";
import { useDebouncedValue } from "./useDebouncedValue";
import { useNewChat } from "./useNewChat";

// Only the public chat lists a visitor's session: it loads with that page, never with the signed-in chat.
const PublicConversationList = lazyNamed(
  () => import("../publicChat/PublicConversationList"),
  "PublicConversationList",
);

/** Spec §5, §9: the title search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ChatsTabProps {
  homePath: string;
  /** Public chat: 'New Chat' and the visitor's conversations of this session (no search, no archive). */
  publicMode: boolean;
}

/** Spec §2 Chats tab: 'New Chat', the title search and the History / Archived lists. */
export function ChatsTab({ homePath, publicMode }: ChatsTabProps) {
  const { t } = useTranslation();
  const newChat = useNewChat(homePath, publicMode);
  const { list, setList, search, setSearch } = useChatsTabState();
  // A search of nothing visible (spaces, a zero-width space pasted) is no search.
  const debouncedSearch = useDebouncedValue(hasVisibleText(search) ? search.trim() : "", SEARCH_DEBOUNCE_MS);

  return (
    <Stack data-tour="chat-section" spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Button
        variant="contained"
        size="large"
        startIcon={<AddRoundedIcon />}
        onClick={(event) => void newChat(event.detail === 0)}
        fullWidth
      >
        {t("nav.newChat")}
      </Button>
      {publicMode ? (
        <Suspense fallback={null}>
          <PublicConversationList homePath={homePath} />
        </Suspense>
      ) : (
        <>
          <TitleSearchField value={search} onChange={setSearch} />
          <SubTabs<ConversationListKind>
            label={t("nav.chatLists")}
            value={list}
            onChange={setList}
            tabs={[
              {
                key: "history",
                label: t("nav.history"),
                content: <ConversationList list="history" search={debouncedSearch} />,
              },
              {
                key: "archived",
                label: t("nav.archived"),
                content: <ConversationList list="archived" search={debouncedSearch} />,
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

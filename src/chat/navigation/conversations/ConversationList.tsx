import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import SearchOffRoundedIcon from "@mui/icons-material/SearchOffRounded";
import { useTranslation } from "react-i18next";
import type { ConversationListKind } from "../../queries/chatQueryKeys";
import { useConversationList } from "../../queries/useConversationList";
import { EmptyListHint } from "../EmptyListHint";
import { ConversationListSkeleton } from "./ConversationListSkeleton";
import { ConversationRows } from "./ConversationRows";

export interface ConversationListProps {
  list: ConversationListKind;
  /** The debounced title search (spec §5); empty for the whole list. */
  search: string;
}

/** History or Archived with its loading, error, empty and no-match states (texts verbatim from spec §8). */
export function ConversationList({ list, search }: ConversationListProps) {
  const { t } = useTranslation();
  const query = useConversationList(list, search);
  const archived = list === "archived";

  if (query.isPending) return <ConversationListSkeleton />;
  if (query.isError && !query.data) {
    return (
      <EmptyListHint icon={<ErrorOutlineRoundedIcon />} role="alert">
        {t(archived ? "nav.archivedError" : "nav.historyError")}
      </EmptyListHint>
    );
  }
  const conversations = query.data.pages.flatMap((page) => page.items);
  if (conversations.length === 0) {
    if (search)
      return (
        <EmptyListHint icon={<SearchOffRoundedIcon />}>
          {t(archived ? "nav.noMatchArchived" : "nav.noMatchHistory")}
        </EmptyListHint>
      );
    return (
      <EmptyListHint icon={archived ? <ArchiveOutlinedIcon /> : <ForumOutlinedIcon />}>
        {t(archived ? "nav.emptyArchived" : "nav.emptyHistory")}
      </EmptyListHint>
    );
  }
  return (
    <ConversationRows
      list={list}
      search={search}
      conversations={conversations}
      hasNextPage={query.hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      nextPageFailed={query.isFetchNextPageError}
      fetchNextPage={() => void query.fetchNextPage()}
    />
  );
}

import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import SearchOffRoundedIcon from "@mui/icons-material/SearchOffRounded";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../../app/a11y/visuallyHidden";
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

/**
 * History or Archived with its loading, error, empty and no-match states (texts verbatim from spec §8).
 * A title search's result is said in a polite status that is always there (a status put in with its text
 * is not read by every screen reader): the no-match message itself, or how many chats match.
 */
export function ConversationList({ list, search }: ConversationListProps) {
  const { t } = useTranslation();
  const query = useConversationList(list, search);
  const archived = list === "archived";
  const conversations = query.data?.pages.flatMap((page) => page.items);
  const noMatch = search !== "" && conversations?.length === 0;
  // While a new search loads, the previous results stay on screen: their count is not the new search's.
  const matches = search !== "" && !query.isPlaceholderData ? conversations?.length : undefined;
  return (
    <>
      <Box role="status">
        {noMatch && (
          <EmptyListHint icon={<SearchOffRoundedIcon />}>
            {t(archived ? "nav.noMatchArchived" : "nav.noMatchHistory")}
          </EmptyListHint>
        )}
        {!noMatch && matches !== undefined && (
          <Box sx={visuallyHidden}>
            {t(query.hasNextPage ? "nav.searchMatchesMore" : "nav.searchMatches", { count: matches })}
          </Box>
        )}
      </Box>
      {!noMatch && <ConversationListBody list={list} search={search} query={query} />}
    </>
  );
}

function ConversationListBody({
  list,
  search,
  query,
}: ConversationListProps & { query: ReturnType<typeof useConversationList> }) {
  const { t } = useTranslation();
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
  // A search without matches says so in the list's status.
  if (conversations.length === 0) {
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

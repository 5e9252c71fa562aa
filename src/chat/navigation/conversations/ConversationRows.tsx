import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { lazyNamed } from "../../../app/lazy/lazyNamed";
import { preloadOnIntent } from "../../../app/lazy/preloadOnIntent";
import { MountOnceOpened } from "../../../app/lazy/MountOnceOpened";
import { useStore } from "../../../app/store/useStore";
import type { ConversationListKind } from "../../queries/chatQueryKeys";
import type { ConversationSummary } from "../../queries/chatTypes";
import { chatStore } from "../../state/chatStore";
import { ConversationGroupHeader } from "./ConversationGroupHeader";
import { groupConversations } from "./conversationGroups";
import { ConversationRow } from "./ConversationRow";
import { GROUP_HEADER_HEIGHT, rowHeight, stickyHeaderIndex, toListRows } from "./conversationRows";
import { useConversationActions } from "./useConversationActions";
import { useCurrentDay } from "./useCurrentDay";
import { useRovingTabStop } from "./useRovingTabStop";
import { useRowArrowKeys } from "./useRowArrowKeys";
import { useSelectConversation } from "./useSelectConversation";
import { useListScrollTop } from "../chatsTabState";

// The row menu and the delete confirmation load with their first opening.
const ConversationMenu = lazyNamed(() => import("./ConversationMenu"), "ConversationMenu");
const DeleteConversationDialog = lazyNamed(() => import("./DeleteConversationDialog"), "DeleteConversationDialog");

/** Rows rendered beyond the visible ones, so that fast scrolling shows no blank space. */
const OVERSCAN_ROWS = 12;
/** The next page is asked for this many rows before the end comes into view. */
const PREFETCH_ROWS = 10;

export interface ConversationRowsProps {
  list: ConversationListKind;
  /** The title search the rows match: a new one shows its results from the top. */
  search: string;
  conversations: ConversationSummary[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last next page failed to load: it is asked for again only with Try again. */
  nextPageFailed: boolean;
  fetchNextPage(): void;
}

/**
 * The date-grouped conversation list (spec §9 groups, row height 38),
 * virtualised so that thousands of conversations scroll smoothly; scrolling
 * near the end loads the next page (continuationToken). One Tab stop for the
 * whole list; the arrows, Home and End move between its rows.
 */
export function ConversationRows({
  list,
  search,
  conversations,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
}: ConversationRowsProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const currentConversationId = useStore(chatStore, (state) => state.currentConversationId);
  const select = useSelectConversation();
  const today = useCurrentDay();
  const rows = useMemo(() => toListRows(groupConversations(conversations, today)), [conversations, today]);
  const actions = useConversationActions(list);
  const scrollTop = useListScrollTop(list, search);
  const tabStop = useRovingTabStop(rows, currentConversationId);
  const { focusedId } = tabStop;
  // The heading of the group at the top of the view stays there (position: sticky), so a reader
  // scrolled deep into the list still sees which month or year it is in: it is always rendered.
  const stickyIndex = useRef<number | undefined>(undefined);
  // Rows kept rendered when scrolled out of view: the one with the keyboard's focus (the focus would
  // drop to the page's start with it) and the one being renamed (its field would come back focused).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      stickyIndex.current = stickyHeaderIndex(rows, range.startIndex);
      const kept = new Set(indexes);
      for (const id of [focusedId, actions.editingId]) kept.add(rows.findIndex((row) => row.id === id));
      if (stickyIndex.current !== undefined) kept.add(stickyIndex.current);
      kept.delete(-1);
      return kept.size === indexes.length ? indexes : [...kept].sort((a, b) => a - b);
    },
    [rows, focusedId, actions.editingId],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is read afresh each render.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index] ? rowHeight(rows[index]) : 0),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: OVERSCAN_ROWS,
    rangeExtractor,
    // Rows scrolled to with the arrow keys stop clear of the sticky heading.
    scrollPaddingStart: GROUP_HEADER_HEIGHT,
    // Back from the other list or a closed panel: where the reader left this one.
    initialOffset: scrollTop.saved,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const tabStopId = tabStop.inWindow(items, virtualizer.range?.startIndex ?? 0);
  // The row menu's code loads as a pointer or the keyboard's focus comes into the list.
  const menuIntent = preloadOnIntent(ConversationMenu, DeleteConversationDialog);
  const onKeyDown = useRowArrowKeys({ rows, listRef: scrollRef, virtualizer, disabled: actions.menu !== null });

  // Not after a failure: the end stays in view, and each render would ask again at once.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !nextPageFailed && lastIndex >= rows.length - PREFETCH_ROWS)
      fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, nextPageFailed, lastIndex, rows.length]);

  // A new search's best matches are at the top: its results are not shown from where the last ones were scrolled.
  const searched = useRef(search);
  useEffect(() => {
    if (searched.current === search) return;
    searched.current = search;
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [search]);

  return (
    <Box
      ref={scrollRef}
      role="list"
      aria-label={t(list === "history" ? "nav.conversations" : "nav.archivedConversations")}
      aria-busy={isFetchingNextPage}
      onScroll={(event) => scrollTop.save(event.currentTarget.scrollTop)}
      {...menuIntent}
      onFocus={(event) => {
        menuIntent.onFocus();
        tabStop.onFocus(event);
      }}
      onBlur={tabStop.onBlur}
      onKeyDown={onKeyDown}
      // The padding keeps a row focused with the keyboard clear of the sticky heading.
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: "auto",
        overscrollBehavior: "contain",
        scrollPaddingTop: GROUP_HEADER_HEIGHT,
        mx: -1,
        px: 1,
      }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <Box
              key={item.key}
              role="listitem"
              // Only the rows near the view are rendered: their place and the list's size are said, the
              // size unknown (-1) while more pages are to come.
              aria-posinset={item.index + 1}
              aria-setsize={hasNextPage ? -1 : rows.length}
              data-row-id={row.type === "conversation" ? row.id : undefined}
              sx={
                item.index === stickyIndex.current
                  ? // In the flow at the top of the list; the next heading, drawn above it, slides over it.
                    { position: "sticky", top: 0, zIndex: 1, height: item.size, bgcolor: "menu.main" }
                  : {
                      position: "absolute",
                      top: 0,
                      left: 0,
                      right: 0,
                      height: item.size,
                      transform: `translateY(${item.start}px)`,
                      ...(row.type === "header" && { zIndex: 2, bgcolor: "menu.main" }),
                    }
              }
            >
              {row.type === "header" ? (
                <ConversationGroupHeader group={row.group} first={row.first} />
              ) : (
                <ConversationRow
                  conversation={row.conversation}
                  selected={row.conversation.conversationId === currentConversationId}
                  tabStop={row.id === tabStopId}
                  editing={actions.editingId === row.conversation.conversationId}
                  menuOpen={actions.menu?.conversation.conversationId === row.conversation.conversationId}
                  onSelect={select}
                  onOpenMenu={actions.openMenu}
                  onRename={(title) => actions.submitRename(row.conversation.conversationId, title)}
                  onCancelRename={actions.cancelRename}
                />
              )}
            </Box>
          );
        })}
      </Box>
      {isFetchingNextPage && (
        <Box
          role="status"
          aria-label={t("nav.loadingMore")}
          sx={{ display: "flex", justifyContent: "center", py: 1.5 }}
        >
          <CircularProgress size={18} sx={{ color: "menu.textSecondary" }} />
        </Box>
      )}
      {nextPageFailed && !isFetchingNextPage && (
        <Box
          role="alert"
          sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 0.5, py: 1.5, fontSize: 13 }}
        >
          <Box sx={{ color: "menu.textSecondary", textAlign: "center" }}>{t("nav.moreFailed")}</Box>
          <Button size="small" onClick={fetchNextPage}>
            {t("nav.tryAgain")}
          </Button>
        </Box>
      )}
      <MountOnceOpened open={actions.menu !== null}>
        <ConversationMenu
          anchorEl={actions.menu?.anchorEl ?? null}
          archived={actions.archived}
          exportable={actions.exportable}
          onAction={actions.onAction}
          onClose={actions.closeMenu}
          onExited={actions.onMenuExited}
        />
      </MountOnceOpened>
      <MountOnceOpened open={actions.deleting !== null}>
        <DeleteConversationDialog
          title={actions.deleting?.title ?? null}
          onConfirm={actions.confirmDelete}
          onClose={actions.cancelDelete}
        />
      </MountOnceOpened>
    </Box>
  );
}

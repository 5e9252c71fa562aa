import MoreHorizRoundedIcon from "@mui/icons-material/MoreHorizRounded";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import { alpha } from "@mui/material/styles";
import { type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ConversationSummary } from "../../queries/chatTypes";
import { CONVERSATION_ROW_HEIGHT } from "./conversationRows";
import { ConversationTitleEditor } from "./ConversationTitleEditor";
import { menuFocusRing, navRowFocusRing } from "../menuStyles";

export interface ConversationRowProps {
  conversation: ConversationSummary;
  selected: boolean;
  /** The list's one Tab stop (roving tabindex): the arrow keys reach the other rows. */
  tabStop: boolean;
  editing: boolean;
  menuOpen: boolean;
  /** `byKeyboard`: pressed with Enter or Space (a click with no pointer). */
  onSelect(conversation: ConversationSummary, byKeyboard: boolean): void;
  onOpenMenu(anchor: HTMLElement, conversation: ConversationSummary): void;
  onRename(title: string): void;
  onCancelRename(): void;
}

/** One conversation in the side navigation: its title (or the inline title field) and the options button. */
export function ConversationRow({
  conversation,
  selected,
  tabStop,
  editing,
  menuOpen,
  onSelect,
  onOpenMenu,
  onRename,
  onCancelRename,
}: ConversationRowProps) {
  const { t } = useTranslation();
  const titleButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    // Enter or Escape in the title field: the keyboard's place is the row again, not the page's start.
    // A click elsewhere has put the focus where it belongs, and is left alone.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (wasEditing.current && !editing && focusLost) titleButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (editing) {
    return (
      <Box sx={{ height: CONVERSATION_ROW_HEIGHT, display: "flex", alignItems: "center" }}>
        <ConversationTitleEditor currentTitle={conversation.title} onSubmit={onRename} onCancel={onCancelRename} />
      </Box>
    );
  }
  return (
    <Box
      className={menuOpen ? "menu-open" : undefined}
      sx={(theme) => ({
        position: "relative",
        height: CONVERSATION_ROW_HEIGHT,
        display: "flex",
        alignItems: "center",
        borderRadius: 1.5,
        color: selected ? theme.palette.menu.textPrimary : alpha(theme.palette.menu.textPrimary, 0.86),
        bgcolor: selected ? alpha(theme.palette.menu.textPrimary, 0.12) : "transparent",
        "&:hover": { bgcolor: alpha(theme.palette.menu.textPrimary, selected ? 0.14 : 0.07) },
        // The options button shows on hover, on focus, while its menu is open, and always on touch screens;
        // the title gives up its room only while the button shows.
        "& .conversation-options": { opacity: selected ? 1 : 0 },
        "& .conversation-title": { pr: selected ? 4.5 : 1.25 },
        "&:hover, &:focus-within, &.menu-open": {
          "& .conversation-options": { opacity: 1 },
          "& .conversation-title": { pr: 4.5 },
        },
        "@media (hover: none)": { "& .conversation-options": { opacity: 1 }, "& .conversation-title": { pr: 4.5 } },
      })}
    >
      <ButtonBase
        ref={titleButton}
        onClick={(event) => onSelect(conversation, event.detail === 0)}
        aria-current={selected ? "page" : undefined}
        tabIndex={tabStop ? 0 : -1}
        title={conversation.title}
        className="conversation-title"
        sx={(theme) => ({
          flex: 1,
          minWidth: 0,
          height: "100%",
          justifyContent: "flex-start",
          pl: 1.25,
          borderRadius: 1.5,
          fontSize: "0.875rem",
          fontWeight: selected ? 600 : 400,
          textAlign: "start",
          "&.Mui-focusVisible": navRowFocusRing(theme),
        })}
      >
        <Box component="span" dir="auto" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {conversation.title}
        </Box>
      </ButtonBase>
      <IconButton
        className="conversation-options"
        size="small"
        aria-label={t("conversations.optionsFor", { title: conversation.title })}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        // In the Tab order with its row only: Tab goes from the row to its options, then out of the list.
        // The arrows bring any other row's options within one Tab, with no shortcut to learn.
        tabIndex={tabStop ? 0 : -1}
        onClick={(event: MouseEvent<HTMLElement>) => onOpenMenu(event.currentTarget, conversation)}
        sx={(theme) => ({
          position: "absolute",
          insetInlineEnd: 4,
          width: 28,
          height: 28,
          color: theme.palette.menu.textSecondary,
          transition: theme.transitions.create("opacity", { duration: 120 }),
          "&:hover": { color: theme.palette.menu.textPrimary, bgcolor: alpha(theme.palette.menu.textPrimary, 0.1) },
          // On the current row's tint the theme's primary ring would be barely 3:1.
          ...menuFocusRing(theme),
        })}
      >
        <MoreHorizRoundedIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

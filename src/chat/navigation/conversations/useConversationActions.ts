import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useCurrentUser } from "../../../app/api/queries/useCurrentUser";
import { agentDisplayState } from "../../agents/agentDisplayState";
import type { ConversationListKind } from "../../queries/chatQueryKeys";
import type { ConversationSummary } from "../../queries/chatTypes";
import { useRenameConversation } from "../../queries/useRenameConversation";
import { chatActions, chatStore } from "../../state/chatStore";
import { chatPagePath } from "../chatPaths";
import type { ConversationMenuAction } from "./ConversationMenu";
import { useExportConversation } from "./useExportConversation";
import { useRemoveConversation } from "./useRemoveConversation";

interface MenuState {
  anchorEl: HTMLElement;
  conversation: ConversationSummary;
}

/** The state behind a list's one conversation menu, its rename field and its delete dialog. */
export function useConversationActions(list: ConversationListKind) {
  const navigate = useNavigate();
  const rename = useRenameConversation();
  const exportConversation = useExportConversation();
  const isBannedFromCreatingAgents = useCurrentUser()?.personalAgentSettings.isBannedFromCreatingAgents ?? false;
  const [menu, setMenu] = useState<MenuState | null>(null);
  // The last conversation whose menu opened: the closing menu keeps its items while it fades out.
  const [menuConversation, setMenuConversation] = useState<ConversationSummary | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  // Rename starts once the menu has closed: the menu gives the focus back to its button on close.
  const renameAfterClose = useRef<string | null>(null);

  /**
   * A deleted or archived conversation that is open gives way to a new chat (as in other chat apps), in
   * place of its history entry: Back then goes to the page before it, not to a conversation that is gone.
   * Only once the server has confirmed (or answered that it was gone already): a failed call puts the row
   * back, and the conversation stays open and selected.
   */
  const leaveIfCurrent = (conversationId: string) => {
    if (chatStore.getState().currentConversationId !== conversationId) return;
    chatActions.abortStream();
    chatActions.clearConversation();
    void navigate(chatPagePath(), { replace: true });
  };
  // An unarchived conversation stays open; one deleted (here or elsewhere) or archived is left.
  const remove = useRemoveConversation(({ conversationId, action }, { gone }) => {
    if (gone || action === "archive") leaveIfCurrent(conversationId);
  });

  const onAction = (action: ConversationMenuAction) => {
    if (!menu) return;
    const { conversation } = menu;
    const { conversationId, title } = conversation;
    setMenu(null);
    if (action === "rename") renameAfterClose.current = conversationId;
    else if (action === "delete") setDeleting(conversation);
    else if (action === "export") exportConversation.mutate({ conversationId, title });
    else remove.mutate({ conversationId, action });
  };

  return {
    menu,
    editingId,
    deleting,
    archived: list === "archived",
    /** Spec §5: Export is hidden for banned or blocked agents. */
    exportable:
      menuConversation !== null && agentDisplayState(menuConversation.gptSystem, isBannedFromCreatingAgents) === "normal",
    openMenu: useCallback(
      (anchorEl: HTMLElement, conversation: ConversationSummary) => {
        setMenu({ anchorEl, conversation });
        setMenuConversation(conversation);
      },
      [],
    ),
    closeMenu: () => setMenu(null),
    onMenuExited: () => {
      setEditingId(renameAfterClose.current);
      renameAfterClose.current = null;
    },
    onAction,
    submitRename: (conversationId: string, title: string) => {
      setEditingId(null);
      rename.mutate({ conversationId, title });
    },
    cancelRename: () => setEditingId(null),
    confirmDelete: () => {
      if (!deleting) return;
      setDeleting(null);
      remove.mutate({ conversationId: deleting.conversationId, action: "delete" });
    },
    cancelDelete: () => setDeleting(null),
  };
}

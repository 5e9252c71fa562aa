/**
 * Chat state (spec section 3, "Chat state"): which conversation, segment and
 * agent are current, and the streaming flags of section 4. The running stream's
 * AbortController lives here so that navigation (New Chat, selecting another
 * conversation) can abort it.
 */
import { onUserDataReset } from "../../app/auth/userDataReset";
import { createStore } from "../../app/store/createStore";

export interface ChatState {
  currentBrandKey: string | null;
  currentConversationId: string | null;
  currentConversationSegmentId: string | null;
  currentGptSystemId: string | null;
  /** guidelinesDocumentIds the user consented to (once per document). */
  guidelinesDocumentConsent: string[];
  /** Every response header starting with x-cosmos, sent back on later requests. */
  cosmosDbSessionTokens: Record<string, string>;
  uploadedImagesPrompt: { visionImageId: string; blobFileName: string }[];
  uploadedFilesPrompt: { attachmentId: string; originalFileName: string }[];
  userConversationIsActive: boolean;
  streamAborted: boolean;
  conversationChanged: boolean;
  codeInterpreterResponse: string;
  codeInterpreterUpdating: boolean;
  codeInterpreterStatus: string;
}

export const initialChatState: ChatState = {
  currentBrandKey: null,
  currentConversationId: null,
  currentConversationSegmentId: null,
  currentGptSystemId: null,
  guidelinesDocumentConsent: [],
  cosmosDbSessionTokens: {},
  uploadedImagesPrompt: [],
  uploadedFilesPrompt: [],
  userConversationIsActive: false,
  streamAborted: false,
  conversationChanged: false,
  codeInterpreterResponse: "",
  codeInterpreterUpdating: false,
  codeInterpreterStatus: "",
};

export const chatStore = createStore<ChatState>(initialChatState);

let runningStream: AbortController | null = null;

const conversationClearedListeners = new Set<() => void>();

/**
 * Runs `listener` whenever the conversation is cleared, so that state kept
 * outside this store (the composer's files and their uploads) is reset with it.
 * Returns the unsubscribe function.
 */
export function onConversationCleared(listener: () => void): () => void {
  conversationClearedListeners.add(listener);
  return () => conversationClearedListeners.delete(listener);
}

export const chatActions = {
  /** Registers the controller of the stream being read (one at a time). */
  beginStream(controller: AbortController): void {
    runningStream?.abort();
    runningStream = controller;
    chatStore.setState({ userConversationIsActive: true, conversationChanged: false, streamAborted: false });
  },
  /** The finished or closed action (spec section 4); nothing when another stream has begun since. */
  endStream(controller: AbortController): void {
    if (runningStream !== null && runningStream !== controller) return;
    runningStream = null;
    chatStore.setState({ userConversationIsActive: false, codeInterpreterUpdating: false, codeInterpreterStatus: "" });
  },
  /** Abort cancels the request and marks the stream aborted; returns whether a stream was running. */
  abortStream(): boolean {
    if (!runningStream) return false;
    runningStream.abort();
    runningStream = null;
    chatStore.setState({ streamAborted: true, userConversationIsActive: false });
    return true;
  },
  /** Switching the conversation id clears the stream and marks the conversation changed. */
  setCurrentConversation(conversationId: string | null): void {
    if (chatStore.getState().currentConversationId === conversationId) return;
    chatStore.setState({ currentConversationId: conversationId, currentConversationSegmentId: null, conversationChanged: true });
  },
  setCurrentGptSystem(gptSystemId: string | null): void {
    chatStore.setState({ currentGptSystemId: gptSystemId });
  },
  /** Clearing the conversation also resets uploads, the abort flag, the active flag and interpreter state. */
  clearConversation(): void {
    chatStore.setState({
      currentConversationId: null,
      currentConversationSegmentId: null,
      uploadedImagesPrompt: [],
      uploadedFilesPrompt: [],
      streamAborted: false,
      userConversationIsActive: false,
      codeInterpreterResponse: "",
      codeInterpreterUpdating: false,
      codeInterpreterStatus: "",
    });
    for (const listener of conversationClearedListeners) listener();
  },
  consentToGuidelines(guidelinesDocumentId: string): void {
    const { guidelinesDocumentConsent } = chatStore.getState();
    if (!guidelinesDocumentConsent.includes(guidelinesDocumentId))
      chatStore.setState({ guidelinesDocumentConsent: [...guidelinesDocumentConsent, guidelinesDocumentId] });
  },
};

// Another user's page starts with no conversation, no stream and none of the consents given.
onUserDataReset(() => {
  chatActions.abortStream();
  chatActions.clearConversation();
  chatStore.setState(initialChatState);
});

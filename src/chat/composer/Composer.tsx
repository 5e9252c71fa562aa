import Box from "@mui/material/Box";
import InputBase from "@mui/material/InputBase";
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { hasVisibleText } from "../../app/input/hasVisibleText";
import { lazyNamed } from "../../app/lazy/lazyNamed";
import { useStore } from "../../app/store/useStore";
import { AttachButton } from "../attachments/AttachButton";
import { ComposerFiles } from "../attachments/ComposerFiles";
import { composerFilesActions, composerFilesStore, selectUploading } from "../attachments/composerFilesStore";
import { useUploadPolicy } from "../attachments/useUploadPolicy";
import { chatActions, chatStore } from "../state/chatStore";
import { liveAnswerStore } from "../stream/liveAnswerStore";
import { composerActions, composerStore } from "./composerStore";
import { composerFrameSx } from "./composerFrameSx";
import { charactersOf, QUESTION_MAX_CHARACTERS, QuestionLengthStatus } from "./questionLength";
import { SendOrStopButton } from "./SendOrStopButton";
import { UserPromptsButton } from "./UserPromptsButton";
import { EXPANDED_FRAME_SX, useExpandingInput } from "./useExpandingInput";
import { isSendKey } from "../../app/input/isSendKey";

// WebRTC and the speech controls load after the first paint, in a chunk of their own.
const ReadAloudControl = lazyNamed(() => import("../speech/ReadAloudControl"), "ReadAloudControl");

export interface ComposerProps {
  onSend(question: string): void;
  /** No agent to talk to: nothing can be sent. */
  disabled?: boolean;
  /** Why nothing can be sent here (the conversation's agent is gone), said above the input. */
  notice?: string;
}

/**
 * The question input (spec §2 chat input bar): Enter sends, Shift+Enter adds a
 * line (on a phone Enter adds one too: isSendKey); Send turns into Stop while an
 * answer streams. Files come in through the attach button, a drop on the
 * conversation pane or a paste; they upload at once and go with the question
 * (nothing is sent while one is still uploading).
 */
export function Composer({ onSend, disabled = false, notice }: ComposerProps) {
  const { t } = useTranslation();
  const draft = useStore(composerStore, (state) => state.draft);
  const focusRequest = useStore(composerStore, (state) => state.focusRequest);
  const streaming = useStore(chatStore, (state) => state.userConversationIsActive);
  const uploading = useStore(composerFilesStore, selectUploading);
  const policy = useUploadPolicy();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const question = draft.trim();
  const characters = charactersOf(question);
  // Refused by the server: said here, where the question can be shortened, and not sent.
  const tooLong = characters > QUESTION_MAX_CHARACTERS;
  const canSend = !disabled && !streaming && !uploading && hasVisibleText(question) && !tooLong;
  const addFiles = (files: File[]) => {
    if (policy) composerFilesActions.add(files, policy);
  };

  const expanded = useExpandingInput(inputRef, draft);

  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus();
  }, [focusRequest]);

  // Each conversation keeps its own draft; a new chat's draft stays with the conversation its question
  // just started (the stream names it the current one).
  const conversationId = useStore(chatStore, (state) => state.currentConversationId);
  const shownConversation = useRef(conversationId);
  // Disabled with a reason: the conversation shown can no longer be asked in (its draft goes with the user).
  // Read as it was shown before the switch: it is set after the switch's effect.
  const closed = useRef(false);
  useLayoutEffect(() => {
    const from = shownConversation.current;
    if (from === conversationId) return;
    shownConversation.current = conversationId;
    const startedHere = from === null && liveAnswerStore.getState().live?.conversationId === conversationId;
    if (!startedHere) composerActions.switchConversation(from, conversationId, closed.current);
  }, [conversationId]);
  useLayoutEffect(() => {
    closed.current = Boolean(disabled && notice);
  });
  const focusInput = useCallback(() => inputRef.current?.focus(), []);

  const send = () => {
    if (!canSend) return;
    onSend(question);
    composerActions.setDraft("");
  };

  return (
    <Box sx={{ px: { xs: 1.5, sm: 3 }, pb: { xs: 1.5, sm: 2.5 }, pt: 1 }}>
      {notice && (
        <Box role="note" sx={{ maxWidth: 800, mx: "auto", mb: 1, px: 1.5, color: "text.secondary", fontSize: 14 }}>
          {notice}
        </Box>
      )}
      <Box
        component="form"
        data-toasts-above
        data-tour="chat-input-bar"
        onSubmit={(event) => {
          event.preventDefault();
          // React passes a portalled dialog's submit (a new user prompt saved) up to this form: only its own sends.
          if (event.target === event.currentTarget) send();
        }}
        sx={[composerFrameSx, expanded && EXPANDED_FRAME_SX]}
      >
        <ComposerFiles agentName={policy?.agentName ?? ""} />
        <Box data-slot="composer-start" sx={{ display: "flex", alignItems: "center", minHeight: 40 }}>
          <AttachButton
            disabled={disabled || !policy}
            acceptsImages={policy?.acceptsImages ?? false}
            onFiles={addFiles}
          />
          <UserPromptsButton />
          <Suspense fallback={null}>
            <ReadAloudControl />
          </Suspense>
        </Box>
        <InputBase
          data-tour="chat-message-input"
          inputRef={inputRef}
          value={draft}
          onChange={(event) => composerActions.setDraft(event.target.value)}
          onPaste={(event) => {
            // A pasted image (a screenshot) is attached; pasted text is left to the input.
            const files = [...event.clipboardData.files];
            if (files.length === 0) return;
            event.preventDefault();
            addFiles(files);
          }}
          onKeyDown={(event) => {
            if (isSendKey(event)) {
              event.preventDefault();
              send();
            }
          }}
          placeholder={t("composer.placeholder")}
          inputProps={{ "aria-label": t("composer.label"), dir: "auto" }}
          disabled={disabled}
          multiline
          maxRows={10}
          sx={{
            flex: 1,
            minWidth: 120,
            px: 1,
            py: 1,
            fontSize: "0.96875rem",
            lineHeight: 1.5,
            alignSelf: "center",
            // Ten lines would leave no room for the conversation in a low window: there the draft scrolls in the
            // input (whose height and overflow MUI sets inline). 80 px (over three lines) in a 400 px window
            // (200 % zoom), the conversation keeping about 110 px; no cap below ten lines from about 780 px up.
            "& textarea": { maxHeight: "calc(40vh - 80px)", overflowY: "auto !important" },
          }}
        />
        <SendOrStopButton
          streaming={streaming}
          canSend={canSend}
          uploading={uploading}
          onStop={() => chatActions.abortStream()}
          onFocusLeft={focusInput}
        />
      </Box>
      <QuestionLengthStatus characters={characters} />
    </Box>
  );
}

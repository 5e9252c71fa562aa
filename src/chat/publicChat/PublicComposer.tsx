import Box from "@mui/material/Box";
import InputBase from "@mui/material/InputBase";
import { type FormEvent, type KeyboardEvent, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { hasVisibleText } from "../../app/input/hasVisibleText";
import { useStore } from "../../app/store/useStore";
import { AttachButton } from "../attachments/AttachButton";
import { ComposerFiles } from "../attachments/ComposerFiles";
import { composerFilesActions, composerFilesStore, selectUploading } from "../attachments/composerFilesStore";
import type { UploadPolicy } from "../attachments/uploadRules";
import { composerFrameSx } from "../composer/composerFrameSx";
import { charactersOf, QUESTION_MAX_CHARACTERS, QuestionLengthStatus } from "../composer/questionLength";
import { SendOrStopButton } from "../composer/SendOrStopButton";
import { EXPANDED_FRAME_SX, useExpandingInput } from "../composer/useExpandingInput";
import "../../app/i18n/publicChatStrings";
import { isSendKey } from "../../app/input/isSendKey";

export interface PublicComposerProps {
  agentName: string;
  streaming: boolean;
  /** What images the visitor may attach; null when the agent takes none (no attach button). */
  policy: UploadPolicy | null;
  /** Resolves false when the question was refused before it was stored: its text comes back to the input. */
  onSend(question: string): Promise<boolean>;
  onStop(): void;
}

/**
 * The public chat's question input: Enter sends, Shift+Enter adds a line (on a phone Enter adds one too); Send turns into Stop while an
 * answer streams. Images (only those: visitors attach no documents) come in through the attach button, a
 * paste or a drop on the page, when the agent sees images; nothing is sent while one is still uploading.
 */
export function PublicComposer({ agentName, streaming, policy, onSend, onStop }: PublicComposerProps) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusInput = useCallback(() => inputRef.current?.focus(), []);
  const uploading = useStore(composerFilesStore, selectUploading);
  const characters = charactersOf(question.trim());
  const tooLong = characters > QUESTION_MAX_CHARACTERS;
  const canSend = !streaming && !uploading && hasVisibleText(question) && !tooLong;
  const expanded = useExpandingInput(inputRef, question);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const text = question.trim();
    setQuestion("");
    void onSend(text).then((taken) => {
      // Unless the visitor has started typing something else meanwhile.
      if (!taken) setQuestion((current) => (current === "" ? text : current));
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (isSendKey(event)) submit(event);
  };

  return (
    <Box sx={{ px: { xs: 1.5, sm: 3 }, pb: { xs: 1.5, sm: 2.5 }, pt: 1 }}>
      <Box
        component="form"
        data-toasts-above
        onSubmit={submit}
        sx={[composerFrameSx, { pl: policy ? 1 : 2 }, expanded && EXPANDED_FRAME_SX]}
      >
        {policy && (
          <>
            <ComposerFiles agentName={agentName} />
            <Box data-slot="composer-start" sx={{ display: "flex", alignItems: "center", minHeight: 40 }}>
              <AttachButton
                disabled={false}
                acceptsImages
                acceptsDocuments={false}
                onFiles={(files) => composerFilesActions.add(files, policy)}
              />
            </Box>
          </>
        )}
        <InputBase
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            // A pasted image (a screenshot) is attached; pasted text is left to the input.
            const files = [...event.clipboardData.files];
            if (!policy || files.length === 0) return;
            event.preventDefault();
            composerFilesActions.add(files, policy);
          }}
          placeholder={t("publicChat.placeholder", { name: agentName })}
          inputRef={inputRef}
          inputProps={{ "aria-label": t("publicChat.question"), dir: "auto" }}
          multiline
          maxRows={8}
          sx={{ flex: 1, minWidth: 120, py: 1 }}
        />
        <SendOrStopButton
          streaming={streaming}
          canSend={canSend}
          uploading={uploading}
          onStop={onStop}
          onFocusLeft={focusInput}
        />
      </Box>
      <QuestionLengthStatus characters={characters} />
    </Box>
  );
}

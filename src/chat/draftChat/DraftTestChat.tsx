import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, type KeyboardEvent, useMemo, useState } from "react";
import { useFollowingLog } from "../conversation/useFollowingLog";
import { useTranslation } from "react-i18next";
import { unwrap } from "../../app/api/client";
import { showToast } from "../../app/toast/toastStore";
import { openCitationSource } from "../citations/openCitationSource";
import { ExecutionDetailsButton } from "../executionDetails/ExecutionDetailsButton";
import { executionDetailsActions, executionDetailsStore } from "../executionDetails/executionDetailsStore";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { MarkdownStyles } from "../markdown/MarkdownStyles";
import { StreamingMarkdown } from "../markdown/StreamingMarkdown";
import { downloadText } from "../navigation/conversations/downloadText";
import { exportFileName } from "../navigation/conversations/exportFileName";
import { exportDraftConversation, fetchDraftCitation, type DraftChatTarget } from "./draftChatApi";
import { DraftExecutionDetailsDrawer } from "./DraftExecutionDetailsDrawer";
import type { DraftTurn } from "./draftChatState";
import { useDraftChat } from "./useDraftChat";
import { hasVisibleText } from "../../app/input/hasVisibleText";
import { isSendKey } from "../../app/input/isSendKey";

export interface DraftTestChatProps extends DraftChatTarget {
  /** Taller panels beside long forms. */
  height?: number | string;
}

function TurnView({ turn, onCitation }: { turn: DraftTurn; onCitation(turn: DraftTurn, index: number): void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} data-testid="draft-chat-turn">
      <Box sx={{ alignSelf: "flex-end", maxWidth: "85%", bgcolor: "action.selected", borderRadius: 2, px: 1.5, py: 1 }}>
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{turn.question}</Typography>
      </Box>
      <Box aria-live={turn.status === "Streaming" ? "polite" : undefined} sx={{ minWidth: 0 }}>
        {turn.status === "Streaming" ? (
          <StreamingMarkdown text={turn.answer} />
        ) : (
          <MarkdownContent text={turn.answer} />
        )}
        {turn.step && (
          <Typography variant="caption" color="text.secondary">
            {turn.step}
          </Typography>
        )}
        {turn.status === "Aborted" && (
          <Typography variant="caption" color="text.secondary">
            {t("draftChat.stopped")}
          </Typography>
        )}
        {turn.citations.length > 0 && (
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: "wrap", mt: 0.5 }}>
            {turn.citations.map((citation, index) => (
              <Chip
                key={`${citation.path}-${index}`}
                size="small"
                variant="outlined"
                label={`[${index + 1}] ${citation.title}`}
                onClick={citation.fileId ? () => onCitation(turn, index) : undefined}
              />
            ))}
          </Stack>
        )}
        {turn.status !== "Streaming" && turn.conversationSegmentId && (
          <Box sx={{ ml: -0.75, color: "text.secondary" }}>
            <ExecutionDetailsButton segmentId={turn.conversationSegmentId} />
          </Box>
        )}
      </Box>
    </Stack>
  );
}

/**
 * A live test chat against a configuration state (usually a draft): the answers
 * stream like the chat's and come from this configuration as last saved. The
 * conversations stay out of the chat history. Shared by the admin's configuration
 * page and the personal agent's edit page.
 */
export default function DraftTestChat({ scope, configStateId, height = 560 }: DraftTestChatProps) {
  const { t } = useTranslation();
  const target = useMemo(() => ({ scope, configStateId }), [scope, configStateId]);
  const { state, streaming, refusal, ask, stop, reset } = useDraftChat(target, t("draftChat.failed"));
  const segmentIds = useMemo(
    () => state.turns.flatMap((turn) => (turn.conversationSegmentId ? [turn.conversationSegmentId] : [])),
    [state.turns],
  );
  const newConversation = () => {
    // The details of an answer of the conversation left behind close with it.
    const picked = executionDetailsStore.getState().segmentId;
    if (picked !== null && segmentIds.includes(picked)) executionDetailsActions.close();
    reset();
  };
  const [question, setQuestion] = useState("");
  const { log, logContent } = useFollowingLog(streaming);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!hasVisibleText(text) || streaming) return;
    setQuestion("");
    void ask(text);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (isSendKey(event)) submit(event);
  };
  const exportText = async () => {
    if (!state.conversationId) return;
    try {
      const text = await unwrap(exportDraftConversation(target, state.conversationId));
      downloadText(text, exportFileName(state.title ?? ""));
    } catch {
      showToast(t("conversations.exportFailed"), "error");
    }
  };
  const openCitation = (turn: DraftTurn, index: number) => {
    const citation = turn.citations[index];
    if (!state.conversationId || !turn.conversationSegmentId || !citation) return;
    openCitationSource(state.conversationId, turn.conversationSegmentId, citation, (conversationId, segmentId, cited) =>
      fetchDraftCitation(target, conversationId, segmentId, cited),
    ).catch((error: unknown) => showToast(error instanceof Error ? error.message : String(error), "error"));
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t("draftChat.title")}
      sx={{ display: "flex", flexDirection: "column", height, minHeight: 320, minWidth: 0 }}
    >
      <MarkdownStyles />
      <DraftExecutionDetailsDrawer target={target} conversationId={state.conversationId} segmentIds={segmentIds} />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: "center", px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t("draftChat.title")}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t("draftChat.hint")}
          </Typography>
        </Box>
        <Button size="small" onClick={() => void exportText()} disabled={!state.conversationId || streaming}>
          {t("draftChat.export")}
        </Button>
        <Button size="small" onClick={newConversation} disabled={state.turns.length === 0}>
          {t("draftChat.newConversation")}
        </Button>
      </Stack>
      <Box ref={log} sx={{ flex: 1, display: "flex", flexDirection: "column", overflowY: "auto", px: 2, py: 2 }}>
        <Stack ref={logContent} spacing={2} sx={{ flex: 1 }}>
          {state.turns.length === 0 && (
            <Typography color="text.secondary" sx={{ m: "auto", textAlign: "center" }}>
              {t("draftChat.empty")}
            </Typography>
          )}
          {state.turns.map((turn, index) => (
            <TurnView key={index} turn={turn} onCitation={openCitation} />
          ))}
        </Stack>
      </Box>
      {refusal && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {refusal}
        </Alert>
      )}
      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: "flex", gap: 1, p: 1.5, borderTop: 1, borderColor: "divider" }}
      >
        <TextField
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("draftChat.placeholder")}
          slotProps={{ htmlInput: { "aria-label": t("draftChat.question") } }}
          multiline
          maxRows={4}
          size="small"
          fullWidth
        />
        {streaming ? (
          <Button variant="outlined" onClick={stop}>
            {t("draftChat.stop")}
          </Button>
        ) : (
          <Button type="submit" variant="contained" disabled={!hasVisibleText(question)}>
            {t("draftChat.send")}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useMemo } from "react";
import { useFollowingLog } from "../conversation/useFollowingLog";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";
import { showToast } from "../../app/toast/toastStore";
import type { components } from "../../generated/api";
import { composerFilesActions } from "../attachments/composerFilesStore";
import { VisionImageSourceContext } from "../attachments/fileQueries";
import { openCitationSource } from "../citations/openCitationSource";
import { PromptChips } from "../conversation/PromptChips";
import { rememberShownPath } from "../conversation/branchMemory";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { MarkdownStyles } from "../markdown/MarkdownStyles";
import { CONVERSATION_QUERY_PARAM } from "../navigation/chatPaths";
import { downloadText } from "../navigation/conversations/downloadText";
import { exportFileName } from "../navigation/conversations/exportFileName";
import { exportPublicConversation, publicCitationFetcher } from "./publicChatApi";
import { namesNoPublicChat, usePublicConversation, usePublicPrompts, usePublicSession } from "./publicChatQueries";
import { PublicChatNotFound } from "./PublicChatNotFound";
import { PublicComposer } from "./PublicComposer";
import { PublicTurn } from "./PublicTurn";
import { useOwnComposerFiles, usePublicUploadPolicy, usePublicVisionImageSource } from "./publicImages";
import { shownSegments } from "./shownSegments";
import { usePublicAsk } from "./usePublicAsk";
import { useSelectPublicBranch } from "./useSelectPublicBranch";
import type { PublicSession } from "./publicSession";
import "../../app/i18n/publicChatStrings";

type Citation = components["schemas"]["Citation"];
type VisionImage = components["schemas"]["VisionImage"];

/**
 * The public chat (spec §2, /public-chat/{publicChatEndpoint}[/{popup}]): a visitor without an
 * account talks to the endpoint's public agent. The open conversation is named in the address
 * (?c=), so a reload shows it again; the visitor's session is kept per endpoint (publicSession.ts).
 */
export function PublicChatPage() {
  const { t } = useTranslation();
  // Endpoints are lower case: a link capitalised along the way (HELP-DESK) still finds its chat.
  const publicChatEndpoint = (useParams().publicChatEndpoint ?? "").toLowerCase();
  const session = usePublicSession(publicChatEndpoint);

  if (session.isError)
    return namesNoPublicChat(session.error) ? (
      <PublicChatNotFound />
    ) : (
      <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: 3 }}>
        <Typography color="text.secondary">{t("publicChat.loadFailed")}</Typography>
      </Box>
    );
  if (!session.data)
    return (
      <Box sx={{ flex: 1, display: "grid", placeItems: "center" }}>
        <CircularProgress size={28} aria-label={t("conversation.loading")} />
      </Box>
    );
  return <PublicChat gptPublicEndpoint={publicChatEndpoint} session={session.data} />;
}

function PublicChat({ gptPublicEndpoint, session }: { gptPublicEndpoint: string; session: PublicSession }) {
  const { t } = useTranslation();
  const { sessionIdentifier, details } = session;
  const [searchParams, setSearchParams] = useSearchParams();
  const conversationId = searchParams.get(CONVERSATION_QUERY_PARAM);
  const conversation = usePublicConversation(sessionIdentifier, conversationId);
  const prompts = usePublicPrompts(sessionIdentifier);
  useDocumentTitle(conversation.data?.title ?? details.name);

  const showConversation = useCallback(
    (id: string) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set(CONVERSATION_QUERY_PARAM, id);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const target = useMemo(
    () => ({ gptPublicEndpoint, sessionIdentifier, conversationId, onConversationStarted: showConversation }),
    [gptPublicEndpoint, sessionIdentifier, conversationId, showConversation],
  );
  const { live, liveImages, liveParent, streaming, refusal, ask, stop } = usePublicAsk(target, t("publicChat.failed"));
  const selectBranch = useSelectPublicBranch(sessionIdentifier, conversationId);
  const policy = usePublicUploadPolicy(session);
  const imageSource = usePublicVisionImageSource(sessionIdentifier);
  useOwnComposerFiles(sessionIdentifier);
  /** The question goes with the composer's ready images; nothing is sent while one still uploads. */
  const send = async (question: string): Promise<boolean> => {
    const taken = composerFilesActions.take();
    return taken ? ask(question, taken.files) : false;
  };

  // Regenerate and edit (spec §2) ask under the question's parent, with its images again.
  const askAgain = useCallback(
    (question: string, parentSegmentId: string | null, images: readonly VisionImage[]) =>
      void ask(question, [], { parentSegmentId, visionImages: images }),
    [ask],
  );
  const { mutate: showBranch, isPending: switching } = selectBranch;
  const busy = streaming || switching;
  const storedPath = conversation.data?.conversationSegmentTree.segments;
  useEffect(() => {
    if (conversationId && storedPath) rememberShownPath(conversationId, storedPath);
  }, [conversationId, storedPath]);
  const segments = shownSegments(storedPath ?? [], live, liveParent);
  const hasTurns = segments.length > 0 || live !== null;

  const { log, logContent } = useFollowingLog(streaming);

  const openCitation = (segmentId: string | null, citation: Citation) => {
    if (!conversationId || !segmentId) return;
    openCitationSource(conversationId, segmentId, citation, publicCitationFetcher(sessionIdentifier)).catch(
      (error: unknown) => showToast(error instanceof Error ? error.message : String(error), "error"),
    );
  };
  const exportText = async () => {
    if (!conversationId) return;
    try {
      const text = await exportPublicConversation(sessionIdentifier, conversationId);
      downloadText(text, exportFileName(conversation.data?.title ?? ""));
    } catch {
      showToast(t("conversations.exportFailed"), "error");
    }
  };

  return (
    <VisionImageSourceContext.Provider value={imageSource}>
      <Box
        sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", height: "100%" }}
        onDragOver={(event) => {
          // Without this the browser would open a dropped file instead of attaching it.
          if (policy && [...event.dataTransfer.types].includes("Files")) event.preventDefault();
        }}
        onDrop={(event) => {
          if (!policy || event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          composerFilesActions.add([...event.dataTransfer.files], policy);
        }}
      >
        <MarkdownStyles />
        <Box
          component="header"
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1.5,
            px: { xs: 2, sm: 3 },
            py: 1.5,
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Avatar alt="" sx={{ width: 32, height: 32, fontSize: 15, bgcolor: "primary.main" }}>
            {details.name.slice(0, 1).toUpperCase()}
          </Avatar>
          {/* The introduction names the agent in its own heading; a conversation has this one. */}
          <Typography component={hasTurns ? "h1" : "p"} sx={{ fontWeight: 650, flex: 1, minWidth: 0 }} noWrap>
            {details.name}
          </Typography>
          {conversationId && conversation.data && (
            <Button size="small" onClick={() => void exportText()} disabled={streaming}>
              {t("publicChat.export")}
            </Button>
          )}
        </Box>
        {/* The messages scroll in the room left between the header and the composer: placed absolutely, their
            height never grows the page (which would push the composer below the window). */}
        <Box sx={{ flex: 1, position: "relative", minHeight: 0 }}>
          <Box ref={log} sx={{ position: "absolute", inset: 0, overflowY: "auto", px: { xs: 2, sm: 3 }, py: 3 }}>
            <Box ref={logContent} sx={{ maxWidth: 800, mx: "auto" }}>
              {/* A conversation read before stays shown when a later read fails (the agent made private meanwhile). */}
              {conversationId && conversation.isError && !conversation.data && !live ? (
                <Typography color="text.secondary" sx={{ textAlign: "center", mt: 6 }}>
                  {t("publicChat.conversationNotFound")}
                </Typography>
              ) : conversationId && conversation.isPending && !live ? (
                <Box sx={{ display: "grid", placeItems: "center", mt: 6 }}>
                  <CircularProgress size={28} aria-label={t("conversation.loading")} />
                </Box>
              ) : !hasTurns ? (
                <Box
                  sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2, mt: { xs: 2, sm: 6 } }}
                >
                  <Avatar alt="" sx={{ width: 64, height: 64, fontSize: 28, bgcolor: "primary.main" }}>
                    {details.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Typography variant="h5" component="h1" sx={{ fontWeight: 650, textAlign: "center" }}>
                    {details.name}
                  </Typography>
                  {details.introduction && (
                    <Box sx={{ color: "text.secondary", textAlign: "center", maxWidth: 600 }}>
                      <MarkdownContent text={details.introduction} />
                    </Box>
                  )}
                  {prompts.data && prompts.data.length > 0 && (
                    <Box sx={{ width: "100%", mt: 2 }}>
                      <PromptChips prompts={prompts.data} onPick={send} disabled={streaming} />
                    </Box>
                  )}
                </Box>
              ) : (
                <>
                  {segments.map((segment) => (
                    <PublicTurn
                      key={segment.conversationSegmentId}
                      question={segment.question}
                      images={segment.visionImageFiles}
                      answer={segment.answer}
                      status={segment.status}
                      errorText={segment.errorText}
                      citations={segment.citations}
                      agentName={segment.answeredWithGptSystem?.name ?? details.name}
                      onCitation={(citation) => openCitation(segment.conversationSegmentId, citation)}
                      conversationSegmentId={segment.conversationSegmentId}
                      parentSegmentId={segment.parentSegmentId}
                      siblingIds={segment.siblingIds}
                      busy={busy}
                      onAskAgain={askAgain}
                      onSelectBranch={showBranch}
                    />
                  ))}
                  {live && (
                    <PublicTurn
                      question={live.question}
                      images={liveImages}
                      answer={live.answer}
                      status={live.status}
                      step={live.step}
                      citations={live.citations}
                      agentName={details.name}
                      onCitation={(citation) => openCitation(live.conversationSegmentId, citation)}
                    />
                  )}
                </>
              )}
            </Box>
          </Box>
        </Box>
        {refusal && (
          <Alert
            severity="error"
            sx={{ mx: { xs: 1.5, sm: 3 }, mb: 1, maxWidth: 800, alignSelf: "center", width: "100%" }}
          >
            {refusal}
          </Alert>
        )}
        <PublicComposer agentName={details.name} streaming={streaming} policy={policy} onSend={send} onStop={stop} />
      </Box>
    </VisionImageSourceContext.Provider>
  );
}

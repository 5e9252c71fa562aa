import ErrorOutlineRoundedIcon from "@mui/icons-material/ErrorOutlineRounded";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import { alpha } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";
import { useNavContext } from "../../app/layout/useNavContext";
import { CONVERSATION_QUERY_PARAM } from "../navigation/chatPaths";
import { ConversationListSkeleton } from "../navigation/conversations/ConversationListSkeleton";
import { EmptyListHint } from "../navigation/EmptyListHint";
import { chatActions } from "../state/chatStore";
import { usePublicConversations, usePublicSession } from "./publicChatQueries";
import "../../app/i18n/publicChatStrings";

/**
 * The side navigation's Chats tab in the public chat: the conversations of this visitor's session
 * with this endpoint's agent, newest first. Visitors cannot rename, archive or delete them.
 */
export function PublicConversationList({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { closeMobile } = useNavContext();
  const { publicChatEndpoint = "" } = useParams();
  const [searchParams] = useSearchParams();
  const current = searchParams.get(CONVERSATION_QUERY_PARAM);
  const session = usePublicSession(publicChatEndpoint);
  const list = usePublicConversations(session.data?.sessionIdentifier ?? null);

  if (session.isError) return null;
  if (list.isPending) return <ConversationListSkeleton />;
  if (list.isError)
    return (
      <EmptyListHint icon={<ErrorOutlineRoundedIcon />} role="alert">
        {t("nav.historyError")}
      </EmptyListHint>
    );
  if (list.data.length === 0)
    return <EmptyListHint icon={<ForumOutlinedIcon />}>{t("publicChat.noConversations")}</EmptyListHint>;

  const open = (conversationId: string) => {
    if (conversationId === current) return;
    chatActions.abortStream();
    closeMobile();
    void navigate(`${homePath}?${CONVERSATION_QUERY_PARAM}=${encodeURIComponent(conversationId)}`);
  };

  return (
    <Box
      component="ul"
      aria-label={t("publicChat.conversations")}
      sx={{ listStyle: "none", m: 0, p: 0, overflowY: "auto", flex: 1, minHeight: 0 }}
    >
      {list.data.map((conversation) => {
        const selected = conversation.conversationId === current;
        return (
          <li key={conversation.conversationId}>
            <ButtonBase
              onClick={() => open(conversation.conversationId)}
              aria-current={selected ? "page" : undefined}
              title={conversation.title}
              sx={(theme) => ({
                width: "100%",
                height: 40,
                justifyContent: "flex-start",
                px: 1.25,
                borderRadius: 1.5,
                fontSize: "0.875rem",
                fontWeight: selected ? 600 : 400,
                color: selected ? theme.palette.menu.textPrimary : alpha(theme.palette.menu.textPrimary, 0.86),
                bgcolor: selected ? alpha(theme.palette.menu.textPrimary, 0.12) : "transparent",
                "&:hover": { bgcolor: alpha(theme.palette.menu.textPrimary, selected ? 0.14 : 0.07) },
              })}
            >
              <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                {conversation.title}
              </Box>
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../app/routes/paths";
import { MarkdownContent } from "../markdown/MarkdownContent";
import { AgentAvatar } from "./AgentAvatar";
import { PromptChips } from "./PromptChips";
import { agentRefusal, isAgentUnavailable, useAgentDetails, useAgentPrompts } from "./useAgentForConversation";

export interface AgentIntroductionProps {
  gptSystemId: string | null;
  noAgents: boolean;
  onAsk(question: string): void;
}

/** /chat before the first question: the agent, its introduction and its suggested prompts (spec §2). */
export function AgentIntroduction({ gptSystemId, noAgents, onAsk }: AgentIntroductionProps) {
  const { t } = useTranslation();
  const details = useAgentDetails(gptSystemId);
  const prompts = useAgentPrompts(gptSystemId);

  return (
    <Box sx={{ position: "absolute", inset: 0, overflowY: "auto", display: "flex", px: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          m: "auto",
          py: 4,
          width: "100%",
          maxWidth: 720,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          gap: 2,
        }}
      >
        {noAgents ? (
          <Typography color="text.secondary">{t("conversation.noAgents")}</Typography>
        ) : details.isError && isAgentUnavailable(details.error) ? (
          // An unknown agent, or one this user may not see (the same answer, so as not to tell them apart);
          // one they may see but not ask says why (banned by a moderator, blocked). Also when it was read
          // before: withdrawn meanwhile (a question refused for it read it again), its greeting is over.
          <>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 650, textAlign: "center" }}>
              {t("conversation.agentUnavailable")}
            </Typography>
            <Typography color="text.secondary" sx={{ textAlign: "center" }}>
              {agentRefusal(details.error, t) ?? t("conversation.agentUnavailableDetail")}
            </Typography>
            <Button variant="outlined" component={RouterLink} to={paths.agents}>
              {t("nav.viewAllAgents")}
            </Button>
          </>
        ) : details.data ? (
          <>
            <AgentAvatar gptSystemId={details.data.gptSystemId} name={details.data.name} size={64} />
            {/* A name of one long word (150 characters) wraps instead of running off both sides. */}
            <Typography
              variant="h5"
              component="h1"
              sx={{ fontWeight: 650, textAlign: "center", maxWidth: "100%", overflowWrap: "anywhere" }}
            >
              {details.data.name}
            </Typography>
            {details.data.introduction && (
              <Box sx={{ color: "text.secondary", textAlign: "center", maxWidth: 600 }}>
                <MarkdownContent text={details.data.introduction} />
              </Box>
            )}
          </>
        ) : details.isError ? (
          <>
            <Typography color="text.secondary">{t("conversation.agentLoadFailed")}</Typography>
            <Button variant="outlined" onClick={() => void details.refetch()}>
              {t("conversation.tryAgain")}
            </Button>
          </>
        ) : (
          <>
            <Skeleton variant="circular" width={64} height={64} />
            <Skeleton variant="text" width={220} height={36} />
            <Skeleton variant="text" width={360} />
          </>
        )}
        {prompts.data && prompts.data.length > 0 && (
          <Box sx={{ width: "100%", mt: 2 }}>
            <PromptChips prompts={prompts.data} onPick={onAsk} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

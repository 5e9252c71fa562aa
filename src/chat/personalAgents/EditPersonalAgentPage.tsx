import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { PageContainer } from "../../app/layout/PageContainer";
import { useDocumentTitle } from "../../app/layout/useDocumentTitle";
import { AgentAvatar } from "../agents/AgentAvatar";
import { LazyDraftTestChat } from "../draftChat/LazyDraftTestChat";
import { AgentPresencePanel } from "./AgentPresencePanel";
import { PersonalAgentForm } from "./PersonalAgentForm";
import { useEditPersonalAgent } from "./useEditPersonalAgent";
import { usePersonalConfigState } from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

/** /chat/agents/configstate/{configStateId}/edit, titled 'Edit Personal Agent' (spec §2). */
export function EditPersonalAgentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("chat.editPersonalAgent"));
  const { configStateId = "" } = useParams();
  const query = usePersonalConfigState(configStateId);
  const { edit, isPending } = useEditPersonalAgent();
  const state = query.data;

  return (
    <PageContainer>
      <Box sx={{ maxWidth: { xs: 760, lg: 1280 }, mx: "auto" }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 3 }}>
          {state && (
            <AgentAvatar
              gptSystemId={state.gptSystemId}
              name={state.gptSystemName}
              state="normal"
              size={48}
              sx={{ borderRadius: 1.4 }}
            />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1">
              {t("chat.editPersonalAgent")}
            </Typography>
            {state && (
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5 }}>
                <Typography color="text.secondary" noWrap>
                  {state.gptSystemName}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={state.isPublished ? "success" : "default"}
                  label={t(state.isPublished ? "personalAgents.publishedStatus" : "personalAgents.draftStatus", {
                    version: state.version,
                  })}
                />
              </Stack>
            )}
          </Box>
        </Stack>
        {query.isPending && <CircularProgress aria-label={t("app.loadingName")} />}
        {query.isError && <Alert severity="error">{t("personalAgents.loadFailed")}</Alert>}
        {state?.isPublished && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" loading={isPending} onClick={() => edit(state.gptSystemId)}>
                {t("personalAgents.startEditing")}
              </Button>
            }
          >
            {t("personalAgents.publishedReadOnly")}
          </Alert>
        )}
        {state && <AgentPresencePanel state={state} />}
        {state && (
          // The form beside a live test chat answered by this configuration (side by side on wide screens).
          <Box
            sx={{
              display: "grid",
              gap: 3,
              gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" },
              alignItems: "start",
            }}
          >
            {!state.isPublished && <PersonalAgentForm key={state.configStateId} state={state} />}
            <LazyDraftTestChat scope="personal" configStateId={state.configStateId} />
          </Box>
        )}
      </Box>
    </PageContainer>
  );
}

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { showToast } from "../../../app/toast/toastStore";
import { LazyDraftTestChat } from "../../../chat/draftChat/LazyDraftTestChat";
import { ResourcePage } from "../ResourcePage";
import { AgentPageLinks } from "./AgentPageLinks";
import { ConfigStateForm } from "./ConfigStateForm";
import { useConfigState, useCreateDraft } from "./gptSystemApi";
import { gptSystemPaths } from "./gptSystemPaths";

/** /admin/gptsystem/configstate/{id}/edit: a configuration's form beside a live test chat answered by it. */
export default function ConfigStateEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { configStateId = "" } = useParams();
  const query = useConfigState(configStateId);
  const state = query.data;
  const createDraft = useCreateDraft(state?.gptSystemId ?? "");
  const title = state
    ? t("adminAgents.configurationTitle", { name: state.gptSystemName, version: state.version })
    : t("adminAgents.configuration");

  const draftFromThis = async () => {
    const draft = await createDraft.mutateAsync(configStateId);
    showToast(t("adminAgents.draftCreated"));
    navigate(gptSystemPaths.configStateEdit(draft.configStateId ?? ""));
  };

  return (
    <ResourcePage title={title} actions={state?.gptSystemId && <AgentPageLinks gptSystemId={state.gptSystemId} />}>
      {query.isPending && <CircularProgress aria-label={t("app.loadingName")} />}
      {query.isError && <Alert severity="error">{t("adminAgents.loadFailed")}</Alert>}
      {state && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Chip
              size="small"
              color={state.isPublished ? "success" : "default"}
              label={state.isPublished ? t("adminAgents.published") : t("adminAgents.draft")}
            />
            {state.isPublished ? (
              <Button size="small" onClick={() => void draftFromThis()} loading={createDraft.isPending}>
                {t("adminAgents.createDraftFromThis")}
              </Button>
            ) : (
              <Button
                size="small"
                component={RouterLink}
                to={gptSystemPaths.publish(state.gptSystemId ?? "", configStateId)}
              >
                {t("adminAgents.reviewAndPublish")}
              </Button>
            )}
          </Stack>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" },
              alignItems: "start",
            }}
          >
            <Card variant="outlined">
              <CardContent>
                <ConfigStateForm key={`${state.configStateId}-${state.updatedAt}`} state={state} />
              </CardContent>
            </Card>
            <LazyDraftTestChat scope="admin" configStateId={configStateId} height="min(72vh, 720px)" />
          </Box>
        </>
      )}
    </ResourcePage>
  );
}

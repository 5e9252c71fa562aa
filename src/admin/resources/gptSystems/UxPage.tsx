import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { ResourcePage } from "../ResourcePage";
import { AgentPageLinks } from "./AgentPageLinks";
import { AvatarEditor } from "./AvatarEditor";
import { useAdminAgent } from "./gptSystemApi";
import { IntroductionEditor } from "./IntroductionEditor";
import { PromptsEditor } from "./PromptsEditor";

/** /admin/gptsystem/{id}/ux: what users see of the agent — introduction, avatar and prompts. */
export default function UxPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const agent = useAdminAgent(id);
  return (
    <ResourcePage
      title={t("adminAgents.uxTitle", { name: agent.data?.name ?? "" })}
      actions={<AgentPageLinks gptSystemId={id} current="ux" />}
    >
      {agent.isPending && <CircularProgress aria-label={t("app.loadingName")} />}
      {agent.isError && <Alert severity="error">{t("adminAgents.loadFailed")}</Alert>}
      {agent.data && (
        <>
          <Card variant="outlined">
            <CardContent>
              <IntroductionEditor gptSystemId={id} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <AvatarEditor agent={agent.data} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <PromptsEditor gptSystemId={id} />
            </CardContent>
          </Card>
        </>
      )}
    </ResourcePage>
  );
}

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams, useSearchParams } from "react-router-dom";
import { isApiError } from "../../../app/api/errors";
import { asProblem } from "../../../app/api/problem";
import { showToast } from "../../../app/toast/toastStore";
import { ResourcePage } from "../ResourcePage";
import { AgentPageLinks } from "./AgentPageLinks";
import { configurationChanges, draftToPublish } from "./configStateDiff";
import { useAdminAgent, useConfigStates, usePublish } from "./gptSystemApi";
import { gptSystemPaths } from "./gptSystemPaths";

const cellText = { whiteSpace: "pre-wrap", overflowWrap: "anywhere", verticalAlign: "top" } as const;

/** /admin/gptsystem/{id}/publish: what publishing a draft changes, and the Publish button. */
export default function PublishPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const agent = useAdminAgent(id);
  const states = useConfigStates(id);
  const publish = usePublish(id);
  const all = states.data ?? [];
  const published = all.find((s) => s.isPublished) ?? null;
  // Once published, the page keeps saying which version it published (it is no longer a draft to offer).
  const [publishedVersion, setPublishedVersion] = useState<number | null>(null);
  const draft = publishedVersion === null ? draftToPublish(all, search.get("configStateId")) : null;
  const changes = draft && !draft.isPublished ? configurationChanges(published, draft) : [];

  const onPublish = async () => {
    if (!draft?.configStateId) return;
    try {
      await publish.mutateAsync(draft.configStateId);
      setPublishedVersion(draft.version ?? 0);
      showToast(t("adminAgents.publishedToast", { name: agent.data?.name ?? "" }));
    } catch (error) {
      const problem = asProblem(isApiError(error) ? error.data : null);
      showToast(problem?.detail ?? t("adminAgents.publishFailed"), "error");
    }
  };

  return (
    <ResourcePage
      title={t("adminAgents.publishTitle", { name: agent.data?.name ?? "" })}
      actions={<AgentPageLinks gptSystemId={id} current="publish" />}
    >
      {(agent.isPending || states.isPending) && <CircularProgress aria-label={t("app.loadingName")} />}
      {(agent.isError || states.isError) && <Alert severity="error">{t("adminAgents.loadFailed")}</Alert>}
      {publishedVersion !== null && (
        <Alert severity="success">{t("adminAgents.alreadyPublished", { version: publishedVersion })}</Alert>
      )}
      {states.isSuccess && !draft && publishedVersion === null && (
        <Alert severity="info">{t("adminAgents.nothingToPublish")}</Alert>
      )}
      {draft?.isPublished && (
        <Alert severity="success">{t("adminAgents.alreadyPublished", { version: draft.version })}</Alert>
      )}
      {draft && !draft.isPublished && (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <Typography>
                {published
                  ? t("adminAgents.publishSummary", { draft: draft.version, published: published.version })
                  : t("adminAgents.publishFirst", { draft: draft.version })}
              </Typography>
              {changes.length === 0 ? (
                <Alert severity="info">{t("adminAgents.noChanges")}</Alert>
              ) : (
                <Table size="small" aria-label={t("adminAgents.changes")}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t("adminAgents.field")}</TableCell>
                      <TableCell>{t("adminAgents.publishedValue")}</TableCell>
                      <TableCell>{t("adminAgents.draftValue")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {changes.map((change) => (
                      <TableRow key={change.field}>
                        <TableCell sx={cellText}>{t(`adminAgents.fields.${change.field}`)}</TableCell>
                        <TableCell sx={cellText}>{change.published || "—"}</TableCell>
                        <TableCell sx={cellText}>{change.draft || "—"}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={() => void onPublish()} loading={publish.isPending}>
                  {t("adminAgents.publish")}
                </Button>
                <Button component={RouterLink} to={gptSystemPaths.configStateEdit(draft.configStateId ?? "")}>
                  {t("adminAgents.editAndTest")}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
    </ResourcePage>
  );
}

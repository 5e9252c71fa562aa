import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDataProvider } from "react-admin";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../app/toast/toastStore";
import type { components } from "../../../generated/api";
import deploymentSchema from "../../../schemas/AdminDeployment.json";
import type { AdminDataProvider } from "../../dataProvider/adminDataProvider";
import type { ResourceSchema } from "../../dataProvider/resourceSchema";
import { SchemaForm } from "../../forms/SchemaForm";

type AdminDeployment = components["schemas"]["AdminDeployment"];

const schema = deploymentSchema as ResourceSchema;
// The form sits under the section's own headings: without the schema's title ("Deployment") and description.
const { title: _title, description, ...formSchema } = schema;
// A deployment's edit form: its ids are the row's, not fields to show.
const { deploymentId: _id, connectionId: _connection, ...editableProperties } = formSchema.properties;
const editSchema = { ...formSchema, properties: editableProperties } as ResourceSchema;

/** The query key of a connection's deployments. */
export const connectionDeploymentsKey = (connectionId: string) => ["admin", "Connections", connectionId, "deployments"];

/**
 * A connection's deployments, the models agents choose from: listed, added and edited with the form
 * of the contract's AdminDeployment schema, removed one by one once confirmed (the server refuses,
 * with its reason, to remove or rename one an agent's configuration uses).
 */
export function ConnectionDeployments({ connectionId }: { connectionId: string }) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  // Bumped after each add: a new, empty form.
  const [formKey, setFormKey] = useState(0);
  const [removeError, setRemoveError] = useState<string | null>(null);
  // The deployment whose form is open, and the one whose removal waits for a confirmation.
  const [editing, setEditing] = useState<AdminDeployment | null>(null);
  const [removing, setRemoving] = useState<AdminDeployment | null>(null);
  const deployments = useQuery({
    queryKey: connectionDeploymentsKey(connectionId),
    queryFn: async () => (await dataProvider.getConnectionDeployments(connectionId)) as AdminDeployment[],
  });

  // What shows a connection's deployments elsewhere: the list's count, the agents' model choices, the apiKeys tab.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: connectionDeploymentsKey(connectionId) }),
      queryClient.invalidateQueries({ queryKey: ["Connections"] }),
      queryClient.invalidateQueries({ queryKey: ["adminAvailableDeployments"] }),
      queryClient.invalidateQueries({ queryKey: ["admin", "instanceSettings"] }),
    ]);

  const add = async (data: Record<string, unknown>) => {
    const created = await dataProvider.createConnectionDeployment(connectionId, schema, data);
    showToast(t("adminConnections.deploymentAdded"));
    setFormKey((key) => key + 1);
    await refresh();
    return created;
  };

  const save = async (data: Record<string, unknown>) => {
    const saved = await dataProvider.updateConnectionDeployment(
      connectionId,
      editing!.deploymentId ?? "",
      schema,
      data,
    );
    showToast(t("adminConnections.deploymentSaved"));
    setEditing(null);
    await refresh();
    return saved;
  };

  const remove = useMutation({
    mutationFn: (deploymentId: string) => dataProvider.deleteConnectionDeployment(connectionId, deploymentId),
    onMutate: () => {
      setRemoveError(null);
      setRemoving(null);
    },
    onSuccess: async () => {
      showToast(t("adminConnections.deploymentRemoved"));
      await refresh();
    },
    onError: (error) => setRemoveError(error instanceof Error ? error.message : String(error)),
  });

  const list = deployments.data ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h5" component="h2">
            {t("adminConnections.deployments")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("adminConnections.deploymentsHint")}
          </Typography>
          {deployments.isPending && <CircularProgress size={24} aria-label={t("app.loadingName")} />}
          {deployments.isError && <Alert severity="error">{t("adminConnections.loadFailed")}</Alert>}
          {deployments.isSuccess && list.length === 0 && (
            <Alert severity="info">{t("adminConnections.noDeployments")}</Alert>
          )}
          {list.length > 0 && (
            <List dense aria-label={t("adminConnections.deployments")}>
              {list.map((deployment) => {
                const name = deployment.displayName || deployment.deploymentName;
                return (
                  <ListItem
                    key={deployment.deploymentId}
                    divider
                    secondaryAction={
                      <>
                        <IconButton
                          aria-label={t("adminConnections.editDeployment", { name })}
                          onClick={() => setEditing(deployment)}
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                        <IconButton
                          edge="end"
                          aria-label={t("adminConnections.removeDeployment", { name })}
                          disabled={remove.isPending}
                          onClick={() => setRemoving(deployment)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </>
                    }
                  >
                    <ListItemText
                      primary={name}
                      secondary={[
                        deployment.deploymentName,
                        deployment.supportsVision ? t("adminConnections.acceptsImages") : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                      sx={{ pr: 9 }}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
          {removeError && (
            <Alert severity="error" role="alert" onClose={() => setRemoveError(null)}>
              {removeError}
            </Alert>
          )}
          {editing && (
            <Stack spacing={1} sx={{ pt: 1 }}>
              <Typography variant="h6" component="h3">
                {t("adminConnections.editDeploymentTitle", { name: editing.displayName || editing.deploymentName })}
              </Typography>
              <SchemaForm
                key={editing.deploymentId}
                idPrefix="editDeployment"
                schema={editSchema}
                mode="edit"
                record={editing}
                onSubmit={save}
                submitLabel={t("adminConnections.saveDeployment")}
                actions={<Button onClick={() => setEditing(null)}>{t("adminConnections.cancelEdit")}</Button>}
              />
            </Stack>
          )}
          <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
            <DialogTitle>
              {t("adminConnections.confirmRemoveTitle", { name: removing?.displayName || removing?.deploymentName })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>{t("adminConnections.confirmRemoveText")}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setRemoving(null)}>{t("adminConnections.cancelEdit")}</Button>
              <Button color="error" onClick={() => remove.mutate(removing?.deploymentId ?? "")}>
                {t("adminConnections.confirmRemove")}
              </Button>
            </DialogActions>
          </Dialog>
          <Typography variant="h6" component="h3" sx={{ pt: 1 }}>
            {t("adminConnections.addDeploymentTitle")}
          </Typography>
          {typeof description === "string" && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
          <SchemaForm
            key={formKey}
            schema={formSchema as ResourceSchema}
            mode="create"
            onSubmit={add}
            submitLabel={t("adminConnections.addDeployment")}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import type { ReactNode } from "react";
import {
  DeleteWithConfirmButton,
  RecordContextProvider,
  ResourceContextProvider,
  useGetOne,
  useTranslate,
  useUpdate,
} from "react-admin";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { showToast } from "../../app/toast/toastStore";
import { type AdminResource, resourceOperations } from "../dataProvider/resourceSchema";
import { warningsOf } from "../forms/formSchema";
import { SchemaForm } from "../forms/SchemaForm";
import { ResourcePage } from "./ResourcePage";
import { resourcePaths } from "./resourcePaths";

/**
 * /admin/<path>/{id}/edit: the record's form from its schema, Save (PUT) and Delete with a confirmation;
 * `before`: what a resource's own edit page shows of the record above its form (a connection's deployments).
 */
export function ResourceEdit({ resource, before }: { resource: AdminResource; before?: ReactNode }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  // A create opens this page with its warnings in the router state (ResourceCreate).
  const createWarnings = warningsOf(useLocation().state);
  const { definition, schema, uiSchema } = resource;
  const paths = resourcePaths(definition);
  const operations = resourceOperations(definition);
  const { data: record, isPending, error } = useGetOne(definition.name, { id });
  const [update] = useUpdate();
  const title = `${definition.title}: ${translate("ra.action.edit")}`;

  const save = async (data: Record<string, unknown>) => {
    const updated = await update(
      definition.name,
      { id, data, previousData: record },
      { mutationMode: "pessimistic", returnPromise: true },
    );
    showToast(translate("ra.notification.updated", { smart_count: 1 }));
    // With warnings the page stays, so that they can be read.
    if (warningsOf(updated).length === 0) navigate(paths.list);
    return updated;
  };

  return (
    <ResourcePage title={title}>
      {before}
      <Card variant="outlined">
        <CardContent>
          {isPending ? (
            <CircularProgress aria-label={translate("ra.page.loading")} />
          ) : error || !record ? (
            <Alert severity="error">{error instanceof Error ? error.message : translate("ra.page.not_found")}</Alert>
          ) : (
            <ResourceContextProvider value={definition.name}>
              <RecordContextProvider value={record}>
                <SchemaForm
                  key={String(record.id)}
                  schema={schema}
                  uiSchema={uiSchema}
                  idField={definition.idField}
                  mode="edit"
                  record={record}
                  onSubmit={save}
                  initialWarnings={createWarnings}
                  actions={
                    operations.delete && (
                      <DeleteWithConfirmButton
                        mutationMode="pessimistic"
                        redirect={() => `/${definition.path}`}
                        confirmTitle={`${translate("ra.action.delete")} ${definition.title}`}
                        confirmContent="ra.message.delete_content"
                      />
                    )
                  }
                />
              </RecordContextProvider>
            </ResourceContextProvider>
          )}
        </CardContent>
      </Card>
    </ResourcePage>
  );
}

import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { useCreate, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { showToast } from "../../app/toast/toastStore";
import type { AdminResource } from "../dataProvider/resourceSchema";
import { warningsOf } from "../forms/formSchema";
import { SchemaForm } from "../forms/SchemaForm";
import { ResourcePage } from "./ResourcePage";
import { resourcePaths } from "./resourcePaths";

/** /admin/<path>/new: the schema's form without its readOnly fields; Save POSTs and opens the new record. */
export function ResourceCreate({ resource }: { resource: AdminResource }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { definition, schema, uiSchema } = resource;
  const paths = resourcePaths(definition);
  const [create] = useCreate();

  const save = async (data: Record<string, unknown>) => {
    const created = await create(definition.name, { data }, { returnPromise: true });
    showToast(translate("ra.notification.created", { smart_count: 1 }));
    // The record exists now: staying on /new would let a second Save create it again. Its edit
    // page opens instead, showing the create's warnings (spec §8) until the next save.
    if (created?.id == null) navigate(paths.list);
    else navigate(paths.edit(created.id), { state: { warnings: warningsOf(created) } });
    return created;
  };

  return (
    <ResourcePage title={`${definition.title}: ${translate("ra.action.create")}`}>
      <Card variant="outlined">
        <CardContent>
          <SchemaForm schema={schema} uiSchema={uiSchema} idField={definition.idField} mode="create" onSubmit={save} />
        </CardContent>
      </Card>
    </ResourcePage>
  );
}

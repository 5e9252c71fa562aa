import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Form from "@rjsf/mui";
import type { ErrorSchema, UiSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { type ReactNode, useMemo, useState } from "react";
import { type HttpError, useTranslate } from "react-admin";
import { asProblem } from "../../app/api/problem";
import { type ResourceSchema, toFormSchema } from "../dataProvider/resourceSchema";
import type { AdminFormContext } from "./formContext";
import {
  deriveUiSchema,
  type FormWarning,
  problemErrorsToErrorSchema,
  toFormData,
  uploadFields,
  warningsOf,
} from "./formSchema";
import { normalizeSchema, withClearedNulls } from "./normalizeSchema";
import { FormWarnings } from "./FormWarnings";
import { adminWidgets, UPLOAD_WIDGETS } from "./widgets";

export interface SchemaFormProps {
  schema: ResourceSchema;
  mode: "create" | "edit";
  /** The record's id field: labelled "ID". */
  idField?: string;
  /** The resource's own uiSchema (src/admin/resources/<name>/uiSchema.json). */
  uiSchema?: UiSchema;
  record?: Record<string, unknown>;
  /** Sends the data; rejects with the HttpError the data provider threw. Resolving with `warnings` keeps the form open to show them. */
  onSubmit(data: Record<string, unknown>): Promise<unknown>;
  /** Extra buttons beside Save (Delete on the edit page). */
  actions?: ReactNode;
  /** The submit button's text, when Save would not say what it does (Add deployment). */
  submitLabel?: string;
  /** Warnings of the save that led here (a create opens the edit page with them), shown until the next save. */
  initialWarnings?: FormWarning[];
  /** The fields' id prefix, when two forms of one schema share the page (rjsf's default: "root"). */
  idPrefix?: string;
}

interface Failure {
  fields?: ErrorSchema;
  message: string;
  warnings: FormWarning[];
}

/** Reads the problem document out of a failed save: its field errors, its message and any warnings. */
function describeFailure(error: unknown): Failure {
  const httpError = error as Partial<HttpError> | null;
  const problem = asProblem(httpError?.body);
  const fields = problemErrorsToErrorSchema(problem?.errors ?? (httpError?.body as { errors?: unknown })?.errors);
  const message = problem?.detail ?? problem?.title ?? httpError?.message ?? String(error);
  return { fields, message, warnings: warningsOf(httpError?.body) };
}

/**
 * A record's form rendered by rjsf (MUI theme) from its component schema and
 * the resource's uiSchema: readOnly fields disabled on edit and left out on
 * create, writeOnly secrets masked, enums as selects, custom widgets from
 * forms/widgets.ts. Server validation errors are shown on their fields,
 * warnings with their property.
 */
export function SchemaForm({
  schema,
  mode,
  idField,
  uiSchema: ownUiSchema,
  record,
  onSubmit,
  actions,
  submitLabel,
  initialWarnings = [],
  idPrefix,
}: SchemaFormProps) {
  const translate = useTranslate();
  const normalized = useMemo(() => normalizeSchema(schema, idField), [schema, idField]);
  const uiSchema = useMemo(() => deriveUiSchema(schema, ownUiSchema), [schema, ownUiSchema]);
  const formSchema = useMemo(
    () => toFormSchema(normalized, mode, uploadFields(uiSchema, UPLOAD_WIDGETS)),
    [normalized, mode, uiSchema],
  );
  const formContext = useMemo<AdminFormContext>(() => ({ record }), [record]);
  const [formData, setFormData] = useState(() => toFormData(normalized, record));
  const [failure, setFailure] = useState<Failure | null>(null);
  const [warnings, setWarnings] = useState<FormWarning[]>(initialWarnings);
  const [saving, setSaving] = useState(false);

  const submit = async (data: Record<string, unknown>) => {
    setSaving(true);
    setFailure(null);
    setWarnings([]);
    try {
      const result = await onSubmit(mode === "edit" ? withClearedNulls(schema, data) : data);
      const shown = warningsOf(result);
      setWarnings(shown);
      // After a save the page moves on (or remounts the form): until then the form stays
      // disabled, so that a second click cannot save it again. Warnings keep it open.
      if (shown.length > 0) setSaving(false);
    } catch (error) {
      setFailure(describeFailure(error));
      setSaving(false);
    }
  };

  return (
    <Form
      idPrefix={idPrefix}
      schema={formSchema}
      uiSchema={uiSchema}
      widgets={adminWidgets}
      formContext={formContext}
      validator={validator}
      formData={formData}
      extraErrors={failure?.fields}
      // The page's CSP forbids eval, which Ajv needs to compile a schema in the browser: the
      // server validates with the same schemas and its field errors are shown on the fields.
      noValidate
      noHtml5Validate
      showErrorList={false}
      disabled={saving}
      onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
      onSubmit={(event) => void submit(event.formData as Record<string, unknown>)}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure.message}
          </Alert>
        )}
        <FormWarnings warnings={[...(failure?.warnings ?? []), ...warnings]} />
        <Box sx={{ display: "flex", gap: 1, justifyContent: "space-between" }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {submitLabel ?? translate("ra.action.save")}
          </Button>
          {actions}
        </Box>
      </Stack>
    </Form>
  );
}

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Form from "@rjsf/mui";
import type { ErrorSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { type ReactNode, useMemo, useState } from "react";
import { type HttpError, useTranslate } from "react-admin";
import { asProblem } from "../../app/api/problem";
import { type ResourceSchema, toFormSchema } from "../dataProvider/resourceSchema";
import { deriveUiSchema, problemErrorsToErrorSchema, toFormData } from "./formSchema";

export interface SchemaFormProps {
  schema: ResourceSchema;
  mode: "create" | "edit";
  record?: Record<string, unknown>;
  /** Sends the data; rejects with the HttpError the data provider threw. */
  onSubmit(data: Record<string, unknown>): Promise<unknown>;
  /** Extra buttons beside Save (Delete on the edit page). */
  actions?: ReactNode;
}

/** Reads the problem document out of a failed save: its field errors and its message. */
function describeFailure(error: unknown): { fields?: ErrorSchema; message: string } {
  const httpError = error as Partial<HttpError> | null;
  const problem = asProblem(httpError?.body);
  const fields = problemErrorsToErrorSchema(problem?.errors ?? (httpError?.body as { errors?: unknown })?.errors);
  const message = problem?.detail ?? problem?.title ?? httpError?.message ?? String(error);
  return { fields, message };
}

/**
 * A record's form rendered by rjsf (MUI theme) from its component schema:
 * readOnly fields disabled on edit and left out on create, writeOnly secrets
 * as password fields, enums as selects. Server validation errors are shown on
 * their fields.
 */
export function SchemaForm({ schema, mode, record, onSubmit, actions }: SchemaFormProps) {
  const translate = useTranslate();
  const formSchema = useMemo(() => toFormSchema(schema, mode), [schema, mode]);
  const uiSchema = useMemo(() => deriveUiSchema(schema), [schema]);
  const [formData, setFormData] = useState(() => toFormData(schema, record));
  const [fieldErrors, setFieldErrors] = useState<ErrorSchema | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (data: Record<string, unknown>) => {
    setSaving(true);
    setFailure(null);
    setFieldErrors(undefined);
    try {
      await onSubmit(data);
    } catch (error) {
      const { fields, message } = describeFailure(error);
      setFieldErrors(fields);
      setFailure(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      schema={formSchema}
      uiSchema={uiSchema}
      validator={validator}
      formData={formData}
      extraErrors={fieldErrors}
      noHtml5Validate
      showErrorList={false}
      disabled={saving}
      onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
      onSubmit={(event) => void submit(event.formData as Record<string, unknown>)}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Box sx={{ display: "flex", gap: 1, justifyContent: "space-between" }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate("ra.action.save")}
          </Button>
          {actions}
        </Box>
      </Stack>
    </Form>
  );
}

import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../app/api/errors";
import { asProblem } from "../../../app/api/problem";
import { showToast } from "../../../app/toast/toastStore";
import { warningsOf } from "../../forms/formSchema";
import { FormWarnings } from "../../forms/FormWarnings";
import { bodyOf, CAPABILITIES, type ConfigStateFormValues, formValuesOf, modelKey } from "./configStateFormValues";
import { type AdminConfigState, useDataSourceChoices, useDeployments, useSaveConfigState } from "./gptSystemApi";

type FieldErrors = Record<string, string[]>;

/**
 * A configuration's fields (spec §3 agent configuration state): prompts, model deployment,
 * parameters, capabilities and data sources. The published configuration is read-only.
 */
export function ConfigStateForm({ state, actions }: { state: AdminConfigState; actions?: ReactNode }) {
  const { t } = useTranslation();
  const deployments = useDeployments();
  const dataSources = useDataSourceChoices();
  const save = useSaveConfigState(state.configStateId ?? "");
  const [values, setValues] = useState<ConfigStateFormValues>(() => formValuesOf(state));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = state.isPublished === true;
  const set = <K extends keyof ConfigStateFormValues>(field: K, value: ConfigStateFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const textField = (field: "temperature" | "topP" | "frequencyPenalty" | "maxTokens", error = errors[field]) => (
    <TextField
      label={t(`adminAgents.fields.${field}`)}
      type="number"
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(error)}
      helperText={error?.join(" ")}
      disabled={readOnly}
      size="small"
      sx={{ flex: "1 1 140px" }}
    />
  );
  const models = deployments.data ?? [];
  const libraryNames = new Map((dataSources.data ?? []).map((d) => [d.dataSourceId ?? "", d.name]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await save.mutateAsync(bodyOf(values));
      setErrors({});
      showToast(t("adminAgents.saved"));
    } catch (error) {
      const problem = asProblem(isApiError(error) ? error.data : null);
      setErrors((problem?.errors as FieldErrors | undefined) ?? {});
      setFailure(problem?.detail ?? problem?.title ?? t("adminAgents.saveFailed"));
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label={t("adminAgents.configurationForm")}>
      {readOnly && <Alert severity="info">{t("adminAgents.publishedReadOnly")}</Alert>}
      <TextField
        label={t("adminAgents.fields.systemPrompt")}
        value={values.systemPrompt}
        onChange={(event) => set("systemPrompt", event.target.value)}
        error={Boolean(errors.systemPrompt)}
        helperText={errors.systemPrompt?.join(" ")}
        disabled={readOnly}
        multiline
        minRows={5}
        maxRows={16}
      />
      <TextField
        label={t("adminAgents.fields.introduction")}
        value={values.introduction}
        onChange={(event) => set("introduction", event.target.value)}
        disabled={readOnly}
        multiline
        minRows={2}
      />
      <TextField
        select
        label={t("adminAgents.fields.model")}
        value={models.some((m) => modelKey(m) === values.model) ? values.model : ""}
        onChange={(event) => set("model", event.target.value)}
        error={Boolean(errors.languageEngine ?? errors.deploymentName)}
        helperText={[...(errors.languageEngine ?? []), ...(errors.deploymentName ?? [])].join(" ") || undefined}
        disabled={readOnly || deployments.isPending}
        size="small"
      >
        {models.map((m) => (
          <MenuItem key={modelKey(m)} value={modelKey(m)}>
            {m.connectionName} · {m.displayName}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: "wrap" }}>
        {textField("temperature")}
        {textField("topP")}
        {textField("frequencyPenalty")}
        {textField("maxTokens")}
      </Stack>
      <FormGroup>
        <FormLabel component="legend">{t("adminAgents.fields.capabilityTypes")}</FormLabel>
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap" }}>
          {CAPABILITIES.map((capability) => (
            <FormControlLabel
              key={capability}
              label={t(`adminAgents.capabilities.${capability}`)}
              disabled={readOnly}
              control={
                <Checkbox
                  checked={values.capabilityTypes.includes(capability)}
                  onChange={(_event, checked) =>
                    set(
                      "capabilityTypes",
                      checked
                        ? [...values.capabilityTypes, capability]
                        : values.capabilityTypes.filter((c) => c !== capability),
                    )
                  }
                />
              }
            />
          ))}
        </Stack>
      </FormGroup>
      <Autocomplete
        multiple
        options={(dataSources.data ?? []).map((d) => d.dataSourceId ?? "")}
        value={values.dataSources}
        onChange={(_event, value) => set("dataSources", value)}
        getOptionLabel={(id) => libraryNames.get(id) ?? id}
        disabled={readOnly}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={t("adminAgents.fields.dataSources")}
            error={Boolean(errors.dataSources)}
            helperText={errors.dataSources?.join(" ")}
          />
        )}
      />
      <FormControlLabel
        label={t("adminAgents.fields.restrictAnswerToInformationReturnedByTools")}
        disabled={readOnly}
        control={
          <Switch
            checked={values.restrictAnswerToInformationReturnedByTools}
            onChange={(_event, checked) => set("restrictAnswerToInformationReturnedByTools", checked)}
          />
        }
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      {/* A save puts its answer, warnings included, into the query cache and the form remounts with it. */}
      <FormWarnings warnings={warningsOf(state)} />
      <Stack direction="row" spacing={1}>
        {!readOnly && (
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t("adminAgents.saveDraft")}
          </Button>
        )}
        {actions}
      </Stack>
    </Stack>
  );
}

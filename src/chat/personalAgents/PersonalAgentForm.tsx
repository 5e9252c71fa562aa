import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { problemReasonOf } from "../../app/api/problem";
import { useToast } from "../../app/toast/useToast";
import { chatPagePath } from "../navigation/chatPaths";
import { agentNameError } from "./agentName";
import { changesOf, formValuesOf, modelKey, temperatureError, type AgentFormValues } from "./agentFormValues";
import { fieldErrorsOf, type FieldErrors } from "./fieldErrors";
import {
  type PersonalConfigState,
  usePersonalAgentDeployments,
  usePublishPersonalConfigState,
  useSavePersonalConfigState,
} from "./usePersonalAgentApi";
import "../../app/i18n/personalAgentStrings";

/** The draft's fields: name, description, instructions, introduction, model, temperature; Save draft and Publish. */
export function PersonalAgentForm({ state }: { state: PersonalConfigState }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const deployments = usePersonalAgentDeployments();
  const save = useSavePersonalConfigState(state.configStateId);
  const publish = usePublishPersonalConfigState(state.configStateId);
  const [values, setValues] = useState<AgentFormValues>(() => formValuesOf(state));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const busy = save.isPending || publish.isPending;

  const nameError = agentNameError(values.gptSystemName);
  const badTemperature = temperatureError(values.temperature);
  const set = (field: keyof AgentFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const serverError = (field: string) => serverErrors[field]?.join(" ");

  const saveDraft = async (): Promise<boolean> => {
    if (nameError || badTemperature) return false;
    try {
      await save.mutateAsync(changesOf(values));
      setServerErrors({});
      return true;
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      setServerErrors(fieldErrors);
      // Field errors show at their fields; any other refusal in the server's words (blocked from creating agents).
      const reason = Object.keys(fieldErrors).length === 0 ? problemReasonOf(error) : null;
      toast(reason ?? t("personalAgents.saveFailed"), "error");
      return false;
    }
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (await saveDraft()) toast(t("personalAgents.saved"));
  };

  const onPublish = async () => {
    if (!(await saveDraft())) return;
    try {
      const published = await publish.mutateAsync();
      toast(t("personalAgents.published"));
      void navigate(chatPagePath({ gptSystemId: published.gptSystemId }));
    } catch (error) {
      toast(problemReasonOf(error) ?? t("personalAgents.publishFailed"), "error");
    }
  };

  const models = deployments.data ?? [];
  const current = modelKey(state.languageEngine, state.deploymentName);
  const modelChoices = models.some((m) => modelKey(m.languageEngine, m.deploymentName) === current)
    ? models
    : [
        {
          languageEngine: state.languageEngine,
          deploymentName: state.deploymentName,
          displayName: state.deploymentName,
          connectionName: "",
          supportsVision: false,
        },
        ...models,
      ];

  return (
    <Box component="form" onSubmit={(event) => void onSave(event)} noValidate>
      <Stack spacing={2.5}>
        {Object.keys(serverErrors).length > 0 && (
          <Alert severity="error">
            {Object.entries(serverErrors).map(([field, messages]) => (
              <div key={field}>{`${field}: ${messages.join(" ")}`}</div>
            ))}
          </Alert>
        )}
        <TextField
          label={t("personalAgents.name")}
          required
          value={values.gptSystemName}
          onChange={set("gptSystemName")}
          error={nameError !== null || Boolean(serverError("gptSystemName"))}
          helperText={nameError ? t(nameError) : serverError("gptSystemName")}
        />
        <TextField
          label={t("personalAgents.description")}
          value={values.description}
          onChange={set("description")}
          helperText={serverError("description") ?? t("personalAgents.descriptionHelp")}
          error={Boolean(serverError("description"))}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <TextField
          label={t("personalAgents.systemPrompt")}
          value={values.systemPrompt}
          onChange={set("systemPrompt")}
          multiline
          minRows={5}
          helperText={serverError("systemPrompt") ?? t("personalAgents.systemPromptHelp")}
          error={Boolean(serverError("systemPrompt"))}
        />
        <TextField
          label={t("personalAgents.introduction")}
          value={values.introduction}
          onChange={set("introduction")}
          multiline
          minRows={2}
          helperText={serverError("introduction") ?? t("personalAgents.introductionHelp")}
          error={Boolean(serverError("introduction"))}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            select
            label={t("personalAgents.model")}
            value={values.model}
            onChange={set("model")}
            error={Boolean(serverError("languageEngine") ?? serverError("deploymentName"))}
            helperText={serverError("languageEngine") ?? serverError("deploymentName")}
            sx={{ flex: 2 }}
          >
            {modelChoices.map((m) => (
              <MenuItem
                key={modelKey(m.languageEngine, m.deploymentName)}
                value={modelKey(m.languageEngine, m.deploymentName)}
              >
                {m.connectionName ? `${m.displayName} · ${m.connectionName}` : m.displayName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t("personalAgents.temperature")}
            type="number"
            value={values.temperature}
            onChange={set("temperature")}
            error={badTemperature || Boolean(serverError("temperature"))}
            helperText={serverError("temperature") ?? t("personalAgents.temperatureHelp")}
            slotProps={{ htmlInput: { min: 0, max: 2, step: 0.1 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: "flex-end" }}>
          <Button type="submit" variant="outlined" disabled={busy} loading={save.isPending && !publish.isPending}>
            {t("personalAgents.saveDraft")}
          </Button>
          <Button variant="contained" disabled={busy} loading={publish.isPending} onClick={() => void onPublish()}>
            {t("personalAgents.publish")}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

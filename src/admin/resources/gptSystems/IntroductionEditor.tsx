import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../app/toast/toastStore";
import { draftToPublish } from "./configStateDiff";
import { type AdminConfigState, useConfigStates, useCreateDraft, useSaveConfigState } from "./gptSystemApi";

function IntroductionForm({ draft }: { draft: AdminConfigState }) {
  const { t } = useTranslation();
  const save = useSaveConfigState(draft.configStateId ?? "");
  const [introduction, setIntroduction] = useState(draft.introduction ?? "");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save.mutateAsync({ introduction });
    showToast(t("adminAgents.saved"));
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit}>
      <TextField
        label={t("adminAgents.fields.introduction")}
        helperText={t("adminAgents.introductionHelp", { version: draft.version })}
        value={introduction}
        onChange={(event) => setIntroduction(event.target.value)}
        multiline
        minRows={3}
      />
      <Button type="submit" variant="outlined" sx={{ alignSelf: "flex-start" }} loading={save.isPending}>
        {t("adminAgents.saveDraft")}
      </Button>
    </Stack>
  );
}

/** The introduction users see before their first question: part of the configuration, so edited on the draft and published with it. */
export function IntroductionEditor({ gptSystemId }: { gptSystemId: string }) {
  const { t } = useTranslation();
  const states = useConfigStates(gptSystemId);
  const createDraft = useCreateDraft(gptSystemId);
  const draft = draftToPublish(states.data ?? [], null);
  const published = states.data?.find((s) => s.isPublished);
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t("adminAgents.fields.introduction")}
      </Typography>
      {published && (
        <Alert severity="info" icon={false}>
          <strong>{t("adminAgents.publishedIntroduction")}</strong> {published.introduction || "—"}
        </Alert>
      )}
      {draft ? (
        <IntroductionForm key={`${draft.configStateId}-${draft.updatedAt}`} draft={draft} />
      ) : (
        states.isSuccess && (
          <Button
            variant="outlined"
            sx={{ alignSelf: "flex-start" }}
            loading={createDraft.isPending}
            onClick={() => createDraft.mutate(undefined)}
          >
            {t("adminAgents.createDraft")}
          </Button>
        )
      )}
    </Stack>
  );
}

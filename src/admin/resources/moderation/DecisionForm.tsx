import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../app/api/errors";
import { useToast } from "../../../app/toast/useToast";
import type { components } from "../../../generated/api";
import { DecisionDialogs, type DecisionDialog } from "./DecisionDialogs";
import {
  AGENT_ACTIONS,
  type AgentAction,
  CREATOR_ACTIONS,
  type CreatorAction,
  creatorActionBlocked,
  NOTE_MAX,
  notesError,
} from "./decisionFormRules";
import { type ModerationReport, useSubmitDecision } from "./moderationApi";

type Result = components["schemas"]["ModerationDecisionResult"];
interface ServerProblem {
  detail?: string;
  title?: string;
  errors?: Record<string, string[]>;
}

export interface DecisionFormProps {
  report: ModerationReport;
  onDecided(result: Result): void;
}

/** Spec §5 decision form of an Open report; the server's error data stays in the form on failure (§8). */
export function DecisionForm({ report, onDecided }: DecisionFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const submit = useSubmitDecision();
  const [agentAction, setAgentAction] = useState<AgentAction>("TakeNoAction");
  const [creatorAction, setCreatorAction] = useState<CreatorAction>("TakeNoAction");
  const [notes, setNotes] = useState("");
  const [notesTouched, setNotesTouched] = useState(false);
  const [dialog, setDialog] = useState<DecisionDialog>(null);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const noteError = notesError(notes);
  const serverError = (field: string) => problem?.errors?.[field]?.join(" ");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotesTouched(true);
    if (noteError) return;
    setDialog(agentAction === "BanAgent" ? "confirmBan" : "bulk");
  };

  const send = (isBulkResolution: boolean) => {
    setDialog(null);
    submit.mutate(
      {
        moderationReportId: report.moderationReportId,
        agentModerationAction: agentAction,
        userModerationAction: creatorAction,
        moderationNotes: notes.trim(),
        isBulkResolution,
      },
      {
        onSuccess: (result) => {
          setProblem(null);
          toast(t("moderation.submitted"));
          onDecided(result);
        },
        onError: (error) => {
          toast(t("moderation.submitFailed"), "error");
          setProblem(isApiError(error) ? ((error.data as ServerProblem | null) ?? {}) : {});
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="decision-form-title">
      <Typography id="decision-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("moderation.decision")}
      </Typography>
      <Stack component="form" spacing={2.5} onSubmit={onSubmit} noValidate>
        {problem && (
          <Alert severity="error" role="alert">
            <strong>{t("moderation.submitFailed")}</strong>
            {problem.detail && <div>{problem.detail}</div>}
            {Object.entries(problem.errors ?? {}).map(([field, messages]) => (
              <div key={field}>{`${field}: ${messages.join(" ")}`}</div>
            ))}
          </Alert>
        )}
        <FormControl error={Boolean(serverError("agentModerationAction"))}>
          <FormLabel id="agent-action-label">{t("moderation.agentAction")}</FormLabel>
          <RadioGroup
            aria-labelledby="agent-action-label"
            row
            value={agentAction}
            onChange={(e) => setAgentAction(e.target.value as AgentAction)}
          >
            {AGENT_ACTIONS.map((action) => (
              <FormControlLabel
                key={action}
                value={action}
                control={<Radio />}
                label={t(`moderation.agentActions.${action}`)}
              />
            ))}
          </RadioGroup>
          {serverError("agentModerationAction") && (
            <FormHelperText>{serverError("agentModerationAction")}</FormHelperText>
          )}
        </FormControl>
        <FormControl error={Boolean(serverError("userModerationAction"))}>
          <FormLabel id="creator-action-label">{t("moderation.creatorAction")}</FormLabel>
          <RadioGroup
            aria-labelledby="creator-action-label"
            value={creatorAction}
            onChange={(e) => setCreatorAction(e.target.value as CreatorAction)}
          >
            {CREATOR_ACTIONS.map((action) => {
              const blocked = creatorActionBlocked(action, report.personalAgentSettings);
              return (
                <FormControlLabel
                  key={action}
                  value={action}
                  disabled={blocked !== null}
                  control={<Radio />}
                  label={
                    <span>
                      {t(`moderation.creatorActions.${action}`)}
                      {blocked && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
                          {t(blocked)}
                        </Typography>
                      )}
                    </span>
                  }
                />
              );
            })}
          </RadioGroup>
          {serverError("userModerationAction") && (
            <FormHelperText>{serverError("userModerationAction")}</FormHelperText>
          )}
        </FormControl>
        <TextField
          label={t("moderation.notes")}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          onBlur={() => setNotesTouched(true)}
          multiline
          minRows={3}
          error={(notesTouched && noteError !== null) || Boolean(serverError("moderationNotes"))}
          helperText={
            notesTouched && noteError
              ? t(noteError)
              : (serverError("moderationNotes") ?? `${notes.trim().length}/${NOTE_MAX}`)
          }
        />
        <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
          <Button type="submit" variant="contained" loading={submit.isPending}>
            {t("moderation.submit")}
          </Button>
        </Stack>
      </Stack>
      <DecisionDialogs open={dialog} onClose={() => setDialog(null)} onChoose={send} />
    </Paper>
  );
}

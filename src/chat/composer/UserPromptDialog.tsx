import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsOf } from "../personalAgents/fieldErrors";
import { useUserPromptMutations, type UserPrompt } from "./useUserPrompts";

/** The contract's UserPromptInput limits. */
const TITLE_MAX = 100;
const PROMPT_MAX = 8000;
/** The fields that show their own server validation errors; others are listed above them. */
const FIELDS = ["title", "prompt"];

/** Creates a user prompt (prompt null) or edits one: a title and the prompt text. */
export function UserPromptDialog({ prompt, onClose }: { prompt: UserPrompt | null; onClose(): void }) {
  const { t } = useTranslation();
  const { save } = useUserPromptMutations();
  const [title, setTitle] = useState(prompt?.title ?? "");
  const [text, setText] = useState(prompt?.prompt ?? "");
  const valid = title.trim() !== "" && text.trim() !== "";
  // Spec §8: the server's validation errors (problem+json `errors`), keyed per field.
  const serverErrors = fieldErrorsOf(save.error);
  const serverError = (field: string) => serverErrors[field]?.join(" ");
  const otherErrors = Object.entries(serverErrors).filter(([field]) => !FIELDS.includes(field));

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: {
          component: "form",
          onSubmit: (event: React.FormEvent) => {
            event.preventDefault();
            if (!valid) return;
            save.mutate(
              { promptId: prompt?.promptId, input: { title: title.trim(), prompt: text.trim() } },
              { onSuccess: onClose },
            );
          },
        },
      }}
    >
      <DialogTitle>{prompt ? t("userPrompts.editTitle") : t("userPrompts.createTitle")}</DialogTitle>
      <DialogContent sx={{ display: "flex", flexDirection: "column", gap: 2, pt: "8px !important" }}>
        {otherErrors.length > 0 && (
          <Alert severity="error">
            {otherErrors.map(([field, messages]) => (
              <div key={field}>{`${field}: ${messages.join(" ")}`}</div>
            ))}
          </Alert>
        )}
        <TextField
          label={t("userPrompts.titleLabel")}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(serverError("title"))}
          helperText={serverError("title")}
          slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
          autoFocus
          required
        />
        <TextField
          label={t("userPrompts.promptLabel")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(serverError("prompt"))}
          helperText={serverError("prompt")}
          slotProps={{ htmlInput: { maxLength: PROMPT_MAX } }}
          multiline
          minRows={4}
          maxRows={12}
          required
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t("conversation.cancel")}</Button>
        <Button type="submit" variant="contained" disabled={!valid || save.isPending}>
          {t("userPrompts.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

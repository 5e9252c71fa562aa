import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useRef, useState } from "react";
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
  const { t, i18n } = useTranslation();
  const { save } = useUserPromptMutations();
  const [title, setTitle] = useState(prompt?.title ?? "");
  const [text, setText] = useState(prompt?.prompt ?? "");
  // Said once Save is pressed (not while the dialog is still empty), as the spec's other forms do.
  const [submitted, setSubmitted] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const promptInput = useRef<HTMLTextAreaElement>(null);
  const titleError =
    title.trim().length > TITLE_MAX
      ? t("userPrompts.titleTooLong", { max: TITLE_MAX })
      : submitted && title.trim() === ""
        ? t("userPrompts.titleRequired")
        : undefined;
  const promptError =
    text.trim().length > PROMPT_MAX
      ? t("userPrompts.promptTooLong", { max: PROMPT_MAX.toLocaleString(i18n.resolvedLanguage) })
      : submitted && text.trim() === ""
        ? t("userPrompts.promptRequired")
        : undefined;
  const valid =
    title.trim() !== "" && text.trim() !== "" && title.trim().length <= TITLE_MAX && text.trim().length <= PROMPT_MAX;
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
          // The fields say what is missing themselves, not the browser's bubble (a form's attribute, which
          // the paper's props do not list).
          ...{ noValidate: true },
          onSubmit: (event: React.FormEvent) => {
            event.preventDefault();
            if (!valid) {
              setSubmitted(true);
              // The first field to mend takes the focus.
              if (title.trim() === "" || title.trim().length > TITLE_MAX) titleInput.current?.focus();
              else promptInput.current?.focus();
              return;
            }
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
          error={Boolean(serverError("title") ?? titleError)}
          helperText={serverError("title") ?? titleError}
          inputRef={titleInput}
          autoFocus
          required
        />
        <TextField
          label={t("userPrompts.promptLabel")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(serverError("prompt") ?? promptError)}
          helperText={serverError("prompt") ?? promptError}
          inputRef={promptInput}
          multiline
          minRows={4}
          maxRows={12}
          required
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t("conversation.cancel")}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t("userPrompts.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

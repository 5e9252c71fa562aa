import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../app/toast/toastStore";
import { type AdminGptSystemPrompt, usePromptMutations, usePrompts } from "./gptSystemApi";

interface Draft {
  promptId: string | null;
  title: string;
  prompt: string;
}

const blank: Draft = { promptId: null, title: "", prompt: "" };

/** The conversation starters users are offered: list, add, edit, delete. */
export function PromptsEditor({ gptSystemId }: { gptSystemId: string }) {
  const { t } = useTranslation();
  const prompts = usePrompts(gptSystemId);
  const { create, update, remove } = usePromptMutations(gptSystemId);
  const [draft, setDraft] = useState<Draft>(blank);
  const [error, setError] = useState<string | null>(null);
  const list = prompts.data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: AdminGptSystemPrompt = { title: draft.title.trim(), prompt: draft.prompt.trim() };
    try {
      if (draft.promptId) await update.mutateAsync({ ...body, promptId: draft.promptId });
      else await create.mutateAsync({ ...body, position: list.length });
      setDraft(blank);
      setError(null);
      showToast(t("adminAgents.promptSaved"));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t("adminAgents.saveFailed"));
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t("adminAgents.prompts")}
      </Typography>
      {list.length === 0 && prompts.isSuccess && (
        <Typography color="text.secondary">{t("adminAgents.noPrompts")}</Typography>
      )}
      <List dense aria-label={t("adminAgents.prompts")}>
        {list.map((p) => (
          <ListItem
            key={p.promptId}
            divider
            secondaryAction={
              <Stack direction="row">
                <IconButton
                  aria-label={t("adminAgents.editPrompt", { title: p.title })}
                  onClick={() => setDraft({ promptId: p.promptId ?? null, title: p.title, prompt: p.prompt })}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={t("adminAgents.deletePrompt", { title: p.title })}
                  onClick={() =>
                    void remove.mutateAsync(p.promptId ?? "").then(() => showToast(t("adminAgents.promptDeleted")))
                  }
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Stack>
            }
          >
            <ListItemText
              primary={p.title}
              secondary={p.prompt}
              slotProps={{ secondary: { noWrap: true } }}
              sx={{ pr: 10 }}
            />
          </ListItem>
        ))}
      </List>
      <Stack component="form" spacing={1.5} onSubmit={submit} aria-label={t("adminAgents.promptForm")}>
        <TextField
          label={t("adminAgents.promptTitle")}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          size="small"
          required
        />
        <TextField
          label={t("adminAgents.promptText")}
          value={draft.prompt}
          onChange={(event) => setDraft({ ...draft, prompt: event.target.value })}
          multiline
          minRows={2}
          required
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="outlined"
            disabled={!draft.title.trim() || !draft.prompt.trim()}
            loading={create.isPending || update.isPending}
          >
            {draft.promptId ? t("adminAgents.savePrompt") : t("adminAgents.addPrompt")}
          </Button>
          {draft.promptId && <Button onClick={() => setDraft(blank)}>{t("adminAgents.cancel")}</Button>}
        </Stack>
      </Stack>
    </Stack>
  );
}

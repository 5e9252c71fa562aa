import AddRoundedIcon from "@mui/icons-material/AddRounded";
import DeleteOutlineRoundedIcon from "@mui/icons-material/DeleteOutlineRounded";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserPromptMutations, useUserPrompts, type UserPrompt } from "./useUserPrompts";

export interface UserPromptsListProps {
  enabled: boolean;
  onPick(prompt: UserPrompt): void;
  onEdit(prompt: UserPrompt): void;
  onCreate(): void;
}

/** A prompt deleted while the list is open, shown in its place with Undo. */
interface DeletedPrompt {
  prompt: UserPrompt;
  index: number;
}

/** The prompts with the deleted ones in the places they had. */
function withDeleted(prompts: UserPrompt[], deleted: DeletedPrompt[]) {
  const gone = new Set(deleted.map(({ prompt }) => prompt.promptId));
  const rows: { prompt: UserPrompt; deleted: boolean }[] = prompts
    .filter((prompt) => !gone.has(prompt.promptId))
    .map((prompt) => ({ prompt, deleted: false }));
  for (const { prompt, index } of [...deleted].sort((a, b) => a.index - b.index))
    rows.splice(Math.min(index, rows.length), 0, { prompt, deleted: true });
  return rows;
}

/**
 * The saved prompts: choosing one puts it into the input; each can be edited or deleted. A deleted
 * one stays in its place, with Undo, while the list is open (saved again as it was).
 */
export function UserPromptsList({ enabled, onPick, onEdit, onCreate }: UserPromptsListProps) {
  const { t } = useTranslation();
  const prompts = useUserPrompts(enabled);
  const { remove, save } = useUserPromptMutations();
  const [deleted, setDeleted] = useState<DeletedPrompt[]>([]);
  const list = useRef<HTMLUListElement>(null);
  // The button that replaces the one just pressed gets the focus once it is rendered, which for a
  // restored prompt is only after the list has been fetched again.
  const focusTarget = useRef<string | null>(null);
  const focusSoon = (selector: string) => {
    focusTarget.current = selector;
  };
  useEffect(() => {
    const target = focusTarget.current && list.current?.querySelector<HTMLElement>(focusTarget.current);
    if (!target) return;
    focusTarget.current = null;
    target.focus();
  });

  const deletePrompt = (prompt: UserPrompt, index: number) =>
    remove.mutate(prompt.promptId, {
      onSuccess: () => {
        setDeleted((current) => [...current, { prompt, index }]);
        focusSoon(`[data-undo-for="${prompt.promptId}"]`);
      },
    });
  const undoDelete = ({ title, prompt, promptId }: UserPrompt) =>
    save.mutate(
      { input: { title, prompt } },
      {
        onSuccess: (restored) => {
          setDeleted((current) => current.filter((entry) => entry.prompt.promptId !== promptId));
          focusSoon(`[data-prompt-id="${restored.promptId}"]`);
        },
      },
    );
  const rows = prompts.data ? withDeleted(prompts.data, deleted) : [];

  return (
    <Box>
      <Box sx={{ px: 2, pt: 1.5, pb: 1, display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="subtitle2" component="h2">
          {t("userPrompts.title")}
        </Typography>
        <Button size="small" startIcon={<AddRoundedIcon />} onClick={onCreate}>
          {t("userPrompts.create")}
        </Button>
      </Box>
      {prompts.isPending ? (
        <Box sx={{ display: "grid", placeItems: "center", py: 3 }}>
          <CircularProgress size={20} />
        </Box>
      ) : prompts.isError ? (
        <Typography sx={{ px: 2, pb: 2 }} color="error" variant="body2">
          {t("userPrompts.loadFailed")}
        </Typography>
      ) : rows.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary" variant="body2">
          {t("userPrompts.empty")}
        </Typography>
      ) : (
        <List ref={list} dense sx={{ maxHeight: 320, overflowY: "auto", pt: 0 }} aria-label={t("userPrompts.title")}>
          {rows.map(({ prompt, deleted: isDeleted }, index) =>
            isDeleted ? (
              <ListItem
                key={prompt.promptId}
                secondaryAction={
                  <Button
                    size="small"
                    data-undo-for={prompt.promptId}
                    aria-label={t("userPrompts.undoDeleteLabel", { title: prompt.title })}
                    disabled={save.isPending}
                    onClick={() => undoDelete(prompt)}
                  >
                    {t("userPrompts.undoDelete")}
                  </Button>
                }
                sx={{ "& .MuiListItemSecondaryAction-root": { right: 8 } }}
              >
                <ListItemText
                  primary={t("userPrompts.deleted", { title: prompt.title })}
                  slotProps={{ primary: { noWrap: true, color: "text.secondary" } }}
                  sx={{ pr: 8 }}
                />
              </ListItem>
            ) : (
              <ListItem
                key={prompt.promptId}
                disablePadding
                secondaryAction={
                  <Box sx={{ display: "flex" }}>
                    <IconButton
                      size="small"
                      aria-label={t("userPrompts.edit", { title: prompt.title })}
                      onClick={() => onEdit(prompt)}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t("userPrompts.delete", { title: prompt.title })}
                      disabled={remove.isPending}
                      onClick={() => deletePrompt(prompt, index)}
                    >
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </Box>
                }
                sx={{ "& .MuiListItemSecondaryAction-root": { right: 8 } }}
              >
                <ListItemButton data-prompt-id={prompt.promptId} onClick={() => onPick(prompt)} sx={{ pr: 10 }}>
                  <ListItemText
                    primary={prompt.title}
                    secondary={prompt.prompt}
                    slotProps={{ secondary: { noWrap: true }, primary: { noWrap: true, sx: { fontWeight: 500 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ),
          )}
        </List>
      )}
    </Box>
  );
}

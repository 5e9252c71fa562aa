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
import { useTranslation } from "react-i18next";
import { useUserPromptMutations, useUserPrompts, type UserPrompt } from "./useUserPrompts";

export interface UserPromptsListProps {
  enabled: boolean;
  onPick(prompt: UserPrompt): void;
  onEdit(prompt: UserPrompt): void;
  onCreate(): void;
}

/** The saved prompts: choosing one puts it into the input; each can be edited or deleted. */
export function UserPromptsList({ enabled, onPick, onEdit, onCreate }: UserPromptsListProps) {
  const { t } = useTranslation();
  const prompts = useUserPrompts(enabled);
  const { remove } = useUserPromptMutations();

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
      ) : prompts.data.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary" variant="body2">
          {t("userPrompts.empty")}
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 320, overflowY: "auto", pt: 0 }} aria-label={t("userPrompts.title")}>
          {prompts.data.map((prompt) => (
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
                    onClick={() => remove.mutate(prompt.promptId)}
                  >
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </IconButton>
                </Box>
              }
              sx={{ "& .MuiListItemSecondaryAction-root": { right: 8 } }}
            >
              <ListItemButton onClick={() => onPick(prompt)} sx={{ pr: 10 }}>
                <ListItemText
                  primary={prompt.title}
                  secondary={prompt.prompt}
                  slotProps={{ secondary: { noWrap: true }, primary: { noWrap: true, sx: { fontWeight: 500 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

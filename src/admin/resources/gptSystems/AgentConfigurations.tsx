import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { showToast } from "../../../app/toast/toastStore";
import { useConfigStates, useCreateDraft } from "./gptSystemApi";
import { gptSystemPaths } from "./gptSystemPaths";

/** The agent's configurations, newest first, each opening its form and test chat; and a new draft from the published one. */
export function AgentConfigurations({ gptSystemId }: { gptSystemId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const states = useConfigStates(gptSystemId);
  const createDraft = useCreateDraft(gptSystemId);

  const newDraft = async () => {
    const draft = await createDraft.mutateAsync(undefined);
    showToast(t("adminAgents.draftCreated"));
    navigate(gptSystemPaths.configStateEdit(draft.configStateId ?? ""));
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h6" component="h2">
          {t("adminAgents.configurations")}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => void newDraft()} loading={createDraft.isPending}>
          {t("adminAgents.createDraft")}
        </Button>
      </Stack>
      <List dense aria-label={t("adminAgents.configurations")}>
        {(states.data ?? []).map((state) => (
          <ListItem
            key={state.configStateId}
            divider
            secondaryAction={
              <Button
                size="small"
                component={RouterLink}
                to={gptSystemPaths.configStateEdit(state.configStateId ?? "")}
              >
                {state.isPublished ? t("adminAgents.viewAndTest") : t("adminAgents.editAndTest")}
              </Button>
            }
          >
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <span>{t("adminAgents.version", { version: state.version })}</span>
                  <Chip
                    size="small"
                    color={state.isPublished ? "success" : "default"}
                    label={state.isPublished ? t("adminAgents.published") : t("adminAgents.draft")}
                  />
                </Stack>
              }
              secondary={state.deploymentName}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { gptSystemPaths } from "./gptSystemPaths";

type AgentPage = "edit" | "ux" | "publish";

/** The agent's pages beside each other: its record, its UX, publishing (the current one is left out). */
export function AgentPageLinks({ gptSystemId, current }: { gptSystemId: string; current?: AgentPage }) {
  const { t } = useTranslation();
  const links: { page: AgentPage; to: string; label: string }[] = [
    { page: "edit", to: gptSystemPaths.edit(gptSystemId), label: t("adminAgents.links.edit") },
    { page: "ux", to: gptSystemPaths.ux(gptSystemId), label: t("adminAgents.links.ux") },
    { page: "publish", to: gptSystemPaths.publish(gptSystemId), label: t("adminAgents.links.publish") },
  ];
  return (
    <Stack direction="row" spacing={1}>
      {links
        .filter((link) => link.page !== current)
        .map((link) => (
          <Button key={link.page} component={RouterLink} to={link.to} size="small" variant="outlined">
            {link.label}
          </Button>
        ))}
    </Stack>
  );
}

import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { ConversationSummary } from "../../queries/chatTypes";
import type { ConversationGroup } from "./conversationGroups";
import { conversationGroupLabel } from "./conversationGroupLabel";

/** A date group's heading (Today, Yesterday, …, a month, a year). */
export function ConversationGroupHeader({
  group,
  first,
}: {
  group: ConversationGroup<ConversationSummary>;
  first: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Typography
      component="h3"
      variant="caption"
      sx={{
        display: "flex",
        alignItems: "flex-end",
        height: "100%",
        px: 1.25,
        pb: 0.75,
        pt: first ? 0 : 1,
        fontWeight: 600,
        letterSpacing: "0.02em",
        color: "menu.textSecondary",
      }}
    >
      {conversationGroupLabel(group.key, t, i18n.language)}
    </Typography>
  );
}

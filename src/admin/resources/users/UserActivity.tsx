import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";
import { type RaRecord, useGetList } from "react-admin";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDateTime } from "./formatDateTime";
import { ProfileSection } from "./ProfileSection";

/** The latest few entries; the audit log page has the rest. */
const RECENT = 5;
const AUDIT_PATH = "/admin/audit";

function AuditEntries({ title, filter, who }: { title: string; filter: Record<string, string>; who: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useGetList<RaRecord>("auditLogging", {
    filter,
    pagination: { page: 1, perPage: RECENT },
    sort: { field: "occurredAt", order: "DESC" },
  });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {isPending ? (
        <CircularProgress size={20} aria-label={t("adminUsers.loading")} />
      ) : error ? (
        <Alert severity="warning">{t("adminUsers.activityFailed")}</Alert>
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("adminUsers.noActivity")}
        </Typography>
      ) : (
        <List dense aria-label={title}>
          {data.map((entry) => (
            <ListItem key={String(entry.id)} disableGutters>
              <ListItemText
                primary={t("adminUsers.auditEntry", {
                  operation: entry.operation,
                  entityType: entry.entityType,
                  entityId: entry.entityId,
                })}
                secondary={
                  who
                    ? `${formatDateTime(entry.occurredAt)} · ${String(entry.actorDisplayName)}`
                    : formatDateTime(entry.occurredAt)
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Recent activity from the configuration audit log: changes this user made, and changes made to this user. */
export function UserActivity({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t("adminUsers.activity")}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, 1fr)" } }}>
        <AuditEntries title={t("adminUsers.changesBy")} filter={{ actor: userId }} who={false} />
        <AuditEntries title={t("adminUsers.changesTo")} filter={{ entityType: "User", entityId: userId }} who />
      </Box>
      <Box>
        <Button component={Link} to={AUDIT_PATH} size="small">
          {t("adminUsers.openAuditLog")}
        </Button>
      </Box>
    </ProfileSection>
  );
}

import EditRoundedIcon from "@mui/icons-material/EditRounded";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type RaRecord, useGetOne } from "react-admin";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { useResolvedActions } from "../../../app/api/queries/useResolvedActions";
import { ResourcePage } from "../ResourcePage";
import { UserActivity } from "./UserActivity";
import { useUserGroups } from "./userApi";
import { RoleChips, UserAvatar, UserStatusChip, useRoleNames } from "./userDisplay";
import { DetailList } from "./DetailList";
import { formatDateTime } from "./formatDateTime";
import { ProfileSection as Section } from "./ProfileSection";
import { userPaths } from "./userPaths";

/** Groups named by the provider show their name (the id on hover); a group known by id only shows the id. */
function UserGroups({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useUserGroups(userId);
  if (isPending) return <CircularProgress size={20} aria-label={t("adminUsers.loading")} />;
  if (error) return <Alert severity="warning">{t("adminUsers.groupsFailed")}</Alert>;
  if (data.length === 0) return <Typography color="text.secondary">{t("adminUsers.noGroups")}</Typography>;
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
      {data.map((group) => (
        <Chip key={group.id} size="small" variant="outlined" label={group.displayName || group.id} title={group.id} />
      ))}
    </Stack>
  );
}

function ProfileContent({ user }: { user: RaRecord }) {
  const { t } = useTranslation();
  const roleName = useRoleNames();
  const { actions } = useResolvedActions();
  const id = String(user.id);
  const displayName = String(user.displayName ?? user.userName);
  const providers = (user.identityProviders as string[] | undefined) ?? [];
  const yesNo = (value: unknown) => (value ? t("adminUsers.yes") : t("adminUsers.no"));
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <UserAvatar name={displayName} seed={String(user.userName)} size={64} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
            {displayName}
          </Typography>
          <Typography color="text.secondary">{user.email || user.userName}</Typography>
        </Box>
        <UserStatusChip isDisabled={Boolean(user.isDisabled)} />
      </Stack>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, 1fr)" } }}>
        <Section title={t("adminUsers.details")}>
          <DetailList
            entries={[
              [t("adminUsers.userName"), String(user.userName)],
              [t("adminUsers.email"), user.email ? String(user.email) : "—"],
              [t("adminUsers.signIn"), providers.length ? providers.join(", ") : "—"],
              [t("adminUsers.hasPassword"), yesNo(user.hasPassword)],
              [t("adminUsers.lastSignIn"), formatDateTime(user.lastSignInAt)],
              [t("adminUsers.created"), formatDateTime(user.createdAt)],
              [t("adminUsers.bannedFromCreating"), yesNo(user.isBannedFromCreatingAgents)],
              [t("adminUsers.bannedFromSharing"), yesNo(user.isBannedFromSharingAgents)],
            ]}
          />
        </Section>
        <Stack spacing={2}>
          <Section title={t("adminUsers.roles")}>
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
              <RoleChips roleIds={(user.userRoleIds as string[] | undefined) ?? []} roleName={roleName} />
            </Stack>
          </Section>
          <Section title={t("adminUsers.groups")}>
            <UserGroups userId={id} />
          </Section>
        </Stack>
      </Box>
      {actions.includes("ConfigurationAuditLogRead") && <UserActivity userId={id} />}
    </>
  );
}

/** /admin/user/{id}/profile: one user, read-only, with a link to the edit form. */
export function UserProfilePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const { data: user, isPending, error } = useGetOne("users", { id });
  return (
    <ResourcePage
      title={t("adminUsers.profileTitle")}
      actions={
        <Button component={Link} to={userPaths.edit(id)} variant="contained" startIcon={<EditRoundedIcon />}>
          {t("adminUsers.edit")}
        </Button>
      }
    >
      {isPending ? (
        <CircularProgress aria-label={t("adminUsers.loading")} />
      ) : error || !user ? (
        <Alert severity="error">{t("adminUsers.notFound")}</Alert>
      ) : (
        <ProfileContent user={user} />
      )}
    </ResourcePage>
  );
}

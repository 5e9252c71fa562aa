import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useCurrentUser } from "../../../app/api/queries/useCurrentUser";
import { useSettings } from "../../../app/settings/useSettings";
import { groupActions } from "../../forms/widgets/actionGroups";
import { ResourcePage } from "../ResourcePage";
import { DetailList } from "./DetailList";
import { ProfileSection } from "./ProfileSection";
import { useMyRoles, type UserRolesWithResolvedActions } from "./userApi";
import { UserAvatar } from "./userDisplay";
import { userPaths } from "./userPaths";

function ResolvedActions({ actions }: { actions: readonly string[] }) {
  const { t } = useTranslation();
  if (actions.length === 0) return <Typography color="text.secondary">{t("adminUsers.noActions")}</Typography>;
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 1, m: 0 }}>
      {groupActions(actions).map(({ area, actions: members }) => (
        <Box key={area} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {area}
          </Typography>
          <Stack component="dd" direction="row" sx={{ m: 0, flexWrap: "wrap", gap: 0.5 }}>
            {members.map((action) => (
              <Chip key={action} size="small" variant="outlined" label={action} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function Roles({ data }: { data: UserRolesWithResolvedActions }) {
  const { t } = useTranslation();
  if (data.roles.length === 0) return <Typography color="text.secondary">{t("adminUsers.noRoles")}</Typography>;
  return (
    <Stack spacing={1}>
      {data.roles.map((role) => (
        <Box key={role.userRoleId}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {role.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("adminUsers.roleActionCount", { count: role.actions.length })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** /admin/user/account: the signed-in administrator's own account, roles and resolved actions. */
export function UserAccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const roles = useMyRoles();
  const settings = useSettings();
  const actions = roles.data?.resolvedActions ?? [];
  const mayRead = actions.some((action) => action === "UserRead" || action === "UserRolePermissionsRead");
  const mayEdit = actions.includes("UserRolePermissionsWrite");
  return (
    <ResourcePage
      title={t("adminUsers.accountTitle")}
      actions={
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<SettingsOutlinedIcon />} onClick={settings.onToggleDrawer}>
            {t("adminUsers.personalSettings")}
          </Button>
          {user && mayRead && (
            <Button component={Link} to={userPaths.profile(user.userId)}>
              {t("adminUsers.profile")}
            </Button>
          )}
          {user && mayEdit && (
            <Button component={Link} to={userPaths.edit(user.userId)} variant="contained">
              {t("adminUsers.edit")}
            </Button>
          )}
        </Stack>
      }
    >
      {!user ? (
        <CircularProgress aria-label={t("adminUsers.loading")} />
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <UserAvatar name={user.displayName} seed={user.userName} size={64} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
                {user.displayName}
              </Typography>
              <Typography color="text.secondary">{user.email || user.userName}</Typography>
            </Box>
          </Stack>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, 1fr)" } }}>
            <ProfileSection title={t("adminUsers.details")}>
              <DetailList
                entries={[
                  [t("adminUsers.userName"), user.userName],
                  [t("adminUsers.email"), user.email || "—"],
                  [t("adminUsers.signIn"), user.identityProvider],
                  [
                    t("adminUsers.bannedFromCreating"),
                    user.personalAgentSettings.isBannedFromCreatingAgents ? t("adminUsers.yes") : t("adminUsers.no"),
                  ],
                  [
                    t("adminUsers.bannedFromSharing"),
                    user.personalAgentSettings.isBannedFromSharingAgents ? t("adminUsers.yes") : t("adminUsers.no"),
                  ],
                ]}
              />
            </ProfileSection>
            <ProfileSection title={t("adminUsers.roles")}>
              {roles.isPending ? (
                <CircularProgress size={20} aria-label={t("adminUsers.loading")} />
              ) : roles.error ? (
                <Alert severity="error">{t("adminUsers.loadFailed")}</Alert>
              ) : (
                <Roles data={roles.data} />
              )}
            </ProfileSection>
          </Box>
          <ProfileSection title={t("adminUsers.resolvedActions")}>
            <ResolvedActions actions={actions} />
          </ProfileSection>
        </>
      )}
    </ResourcePage>
  );
}

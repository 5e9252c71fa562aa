/** Small pieces the user pages share: the avatar, the status chip, role names. */
import Avatar from "@mui/material/Avatar";
import Chip from "@mui/material/Chip";
import { useMemo } from "react";
import { type RaRecord, useGetList } from "react-admin";
import { useTranslation } from "react-i18next";
import { initials } from "../../../app/layout/initials";

/** Users have no picture: their initials on a colour derived from the user name, stable across pages. */
export function UserAvatar({ name, seed, size = 48 }: { name: string; seed: string; size?: number }) {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (
    <Avatar
      aria-hidden
      sx={{ width: size, height: size, fontSize: size * 0.4, fontWeight: 600, bgcolor: `hsl(${hash % 360} 45% 45%)` }}
    >
      {initials(name)}
    </Avatar>
  );
}

export function UserStatusChip({ isDisabled }: { isDisabled?: boolean }) {
  const { t } = useTranslation();
  return isDisabled ? (
    <Chip size="small" label={t("adminUsers.status.disabled")} />
  ) : (
    <Chip size="small" color="success" variant="outlined" label={t("adminUsers.status.active")} />
  );
}

/** Every role has a name; a role deleted meanwhile shows as its id. */
const ROLE_PAGE_SIZE = 500;

export function useRoleNames(): (userRoleId: string) => string {
  const { data } = useGetList<RaRecord>("userRoles", {
    pagination: { page: 1, perPage: ROLE_PAGE_SIZE },
    sort: { field: "name", order: "ASC" },
  });
  const names = useMemo(() => new Map((data ?? []).map((role) => [String(role.id), String(role.name)])), [data]);
  return (userRoleId) => names.get(userRoleId) ?? userRoleId;
}

export function RoleChips({ roleIds, roleName }: { roleIds: readonly string[]; roleName(id: string): string }) {
  const { t } = useTranslation();
  if (roleIds.length === 0) return <Chip size="small" variant="outlined" label={t("adminUsers.noRoles")} />;
  return (
    <>
      {roleIds.map((id) => (
        <Chip key={id} size="small" label={roleName(id)} />
      ))}
    </>
  );
}

import AddRoundedIcon from "@mui/icons-material/AddRounded";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { ListBase, Pagination, type RaRecord, useListContext, useTranslate } from "react-admin";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ResourcePage } from "../ResourcePage";
import { RoleChips, UserAvatar, UserStatusChip, useRoleNames } from "./userDisplay";
import { userPaths } from "./userPaths";
import { UserViewToggle } from "./UserViewToggle";

/** A multiple of 2, 3 and 4: full rows in every grid width. */
const CARDS_PER_PAGE = 24;

function UserCard({ user, roleName }: { user: RaRecord; roleName(id: string): string }) {
  const { t } = useTranslation();
  const id = String(user.id);
  const displayName = String(user.displayName ?? user.userName);
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={displayName}
      sx={{ display: "flex", flexDirection: "column" }}
    >
      <CardContent sx={{ flex: 1, display: "flex", flexDirection: "column", gap: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
          <UserAvatar name={displayName} seed={String(user.userName)} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }}>
              {displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email || user.userName}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
          <UserStatusChip isDisabled={Boolean(user.isDisabled)} />
          <RoleChips roleIds={(user.userRoleIds as string[] | undefined) ?? []} roleName={roleName} />
        </Stack>
      </CardContent>
      <CardActions>
        <Button
          size="small"
          component={Link}
          to={userPaths.profile(id)}
          aria-label={t("adminUsers.profileOf", { name: displayName })}
        >
          {t("adminUsers.profile")}
        </Button>
        <Button
          size="small"
          component={Link}
          to={userPaths.edit(id)}
          aria-label={t("adminUsers.editOf", { name: displayName })}
        >
          {t("adminUsers.edit")}
        </Button>
      </CardActions>
    </Card>
  );
}

function UserCardGrid() {
  const { t } = useTranslation();
  const { data, isPending, error, filterValues, setFilters } = useListContext();
  const roleName = useRoleNames();
  const [search, setSearch] = useState(String(filterValues.q ?? ""));
  return (
    <>
      <TextField
        size="small"
        type="search"
        label={t("adminUsers.search")}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          const q = event.target.value.trim();
          setFilters(q ? { ...filterValues, q } : {}, undefined, true);
        }}
        sx={{ maxWidth: 360 }}
      />
      {isPending ? (
        <CircularProgress aria-label={t("adminUsers.loading")} />
      ) : error ? (
        <Alert severity="error">{t("adminUsers.loadFailed")}</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{t("adminUsers.none")}</Typography>
      ) : (
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(3, 1fr)", xl: "repeat(4, 1fr)" },
          }}
        >
          {data.map((user) => (
            <UserCard key={String(user.id)} user={user} roleName={roleName} />
          ))}
        </Box>
      )}
      <Pagination rowsPerPageOptions={[CARDS_PER_PAGE]} />
    </>
  );
}

/** /admin/user/cards: the users as cards, paged by the same list operation as the table. */
export function UserCardsPage() {
  const translate = useTranslate();
  const { t } = useTranslation();
  return (
    <ResourcePage
      title={t("adminUsers.cardsTitle")}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <UserViewToggle current="cards" />
          <Button component={Link} to={userPaths.create} variant="contained" startIcon={<AddRoundedIcon />}>
            {translate("ra.action.create")}
          </Button>
        </Stack>
      }
    >
      <ListBase
        resource="users"
        storeKey="users.cards"
        perPage={CARDS_PER_PAGE}
        sort={{ field: "displayName", order: "ASC" }}
      >
        <UserCardGrid />
      </ListBase>
    </ResourcePage>
  );
}

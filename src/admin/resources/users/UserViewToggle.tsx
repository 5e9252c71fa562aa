import ViewListRoundedIcon from "@mui/icons-material/ViewListRounded";
import ViewModuleRoundedIcon from "@mui/icons-material/ViewModuleRounded";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { userPaths } from "./userPaths";

/** Switches between the users' table (/admin/user) and their cards (/admin/user/cards). */
export function UserViewToggle({ current }: { current: "list" | "cards" }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup size="small" value={current} exclusive aria-label={t("adminUsers.view")}>
      <ToggleButton value="list" component={Link} to={userPaths.list} aria-label={t("adminUsers.viewList")}>
        <ViewListRoundedIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="cards" component={Link} to={userPaths.cards} aria-label={t("adminUsers.viewCards")}>
        <ViewModuleRoundedIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The users list's extra action (ResourceList's per-resource slot). */
export const UsersListActions = () => <UserViewToggle current="list" />;

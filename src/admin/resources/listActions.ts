import type { ComponentType } from "react";
import { UsersListActions } from "./users/UserViewToggle";

/** Per-resource actions shown beside Create on a registry list (by registry name). */
export const listActions: Readonly<Record<string, ComponentType>> = {
  users: UsersListActions,
};

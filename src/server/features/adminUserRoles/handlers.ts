/** Handlers of the adminUserRoles tag: roles and the actions they grant (spec section 6). */
import { eq } from "drizzle-orm";
import { assertValid } from "../../admin/context";
import { userRoles } from "../../db/schema";
import { problem, type FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { auditedCrud } from "../adminCrud/auditedCrud";
import {
  adminUserRole,
  isAdminRole,
  listAdminUserRoles,
  roleListSpec,
  roleNameTaken,
  type AdminUserRole,
} from "./roleRecords";

async function checkedName(
  db: Parameters<typeof roleNameTaken>[0],
  body: AdminUserRole,
  exceptId?: string,
): Promise<string> {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = ["is required"];
  else if (await roleNameTaken(db, name, exceptId)) errors.name = ["is already used by another role"];
  assertValid(errors);
  return name;
}

const roles = auditedCrud(
  { one: "AdminUserRole", many: "AdminUserRoles" },
  {
    entityType: "UserRole",
    listSpec: roleListSpec,
    list: (db, list) => listAdminUserRoles(db, list),
    load: (db, userRoleId) => adminUserRole(db, userRoleId),

    async insert(tx, body: AdminUserRole) {
      const name = await checkedName(tx, body);
      const [row] = await tx
        .insert(userRoles)
        .values({ name, description: body.description ?? "", actions: body.actions ?? [] })
        .returning();
      return row!.userRoleId;
    },

    async change(tx, userRoleId, body, current) {
      if (isAdminRole(current))
        throw problem(409, "Conflict", "The built-in admin role always holds every action and cannot be changed.");
      const name = await checkedName(tx, body, userRoleId);
      if (current.isBuiltIn && name !== current.name) assertValid({ name: ["of a built-in role cannot be changed"] });
      await tx
        .update(userRoles)
        .set({
          name,
          description: body.description ?? current.description,
          actions: body.actions ?? current.actions,
          updatedAt: new Date(),
        })
        .where(eq(userRoles.userRoleId, userRoleId));
    },

    async remove(tx, userRoleId, current) {
      if (isAdminRole(current)) throw problem(409, "Conflict", "The built-in admin role cannot be deleted.");
      if (current.isBuiltIn) throw problem(409, "Conflict", `The built-in ${current.name} role cannot be deleted.`);
      // Assignments go with the role (ON DELETE CASCADE): its holders simply lose its actions.
      await tx.delete(userRoles).where(eq(userRoles.userRoleId, userRoleId));
    },
  },
);

export const adminUserRolesHandlers: Handlers = roles;

/** Handlers of the adminUserRoles tag: roles and the actions they grant (spec section 6). */
import { eq } from "drizzle-orm";
import { auditedChange } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { userRoles } from "../../db/schema";
import { problem, type FieldErrors } from "../../http/problem";
import type { Handlers } from "../../http/types";
import {
  adminUserRole,
  isAdminRole,
  listAdminUserRoles,
  loadRole,
  roleListSpec,
  roleNameTaken,
  type AdminUserRole,
} from "./roleRecords";

type Params = { userRoleId: string };

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

export const adminUserRolesHandlers: Handlers = {
  async listAdminUserRoles(request, reply, ctx) {
    const list = parseListQuery(request.query, roleListSpec);
    const { total, rows } = await listAdminUserRoles(ctx.deps.database.db, list);
    return sendPage(reply, "userRoles", list, total, rows);
  },

  async getAdminUserRole(request, _reply, ctx) {
    return adminUserRole(ctx.deps.database.db, (request.params as Params).userRoleId);
  },

  async createAdminUserRole(request, reply, ctx) {
    const body = request.body as AdminUserRole;
    const created = await auditedChange(ctx, async (tx, audit) => {
      const name = await checkedName(tx, body);
      const [row] = await tx
        .insert(userRoles)
        .values({ name, description: body.description ?? "", actions: body.actions ?? [] })
        .returning();
      const after = await adminUserRole(tx, row!.userRoleId);
      await audit({ entityType: "UserRole", entityId: row!.userRoleId, operation: "Create", after });
      return after;
    });
    reply.code(201);
    return created;
  },

  async updateAdminUserRole(request, _reply, ctx) {
    const { userRoleId } = request.params as Params;
    const body = request.body as AdminUserRole;
    return auditedChange(ctx, async (tx, audit) => {
      const current = await loadRole(tx, userRoleId);
      if (isAdminRole(current))
        throw problem(409, "Conflict", "The built-in admin role always holds every action and cannot be changed.");
      const name = await checkedName(tx, body, userRoleId);
      if (current.isBuiltIn && name !== current.name) assertValid({ name: ["of a built-in role cannot be changed"] });
      const before = await adminUserRole(tx, userRoleId);
      await tx
        .update(userRoles)
        .set({
          name,
          description: body.description ?? current.description,
          actions: body.actions ?? current.actions,
          updatedAt: new Date(),
        })
        .where(eq(userRoles.userRoleId, userRoleId));
      const after = await adminUserRole(tx, userRoleId);
      await audit({ entityType: "UserRole", entityId: userRoleId, operation: "Update", before, after });
      return after;
    });
  },

  async deleteAdminUserRole(request, _reply, ctx) {
    const { userRoleId } = request.params as Params;
    return auditedChange(ctx, async (tx, audit) => {
      const current = await loadRole(tx, userRoleId);
      if (isAdminRole(current)) throw problem(409, "Conflict", "The built-in admin role cannot be deleted.");
      if (current.isBuiltIn) throw problem(409, "Conflict", `The built-in ${current.name} role cannot be deleted.`);
      const before = await adminUserRole(tx, userRoleId);
      // Assignments go with the role (ON DELETE CASCADE): its holders simply lose its actions.
      await tx.delete(userRoles).where(eq(userRoles.userRoleId, userRoleId));
      await audit({ entityType: "UserRole", entityId: userRoleId, operation: "Delete", before });
      return before;
    });
  },
};

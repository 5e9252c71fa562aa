/** Handlers of the adminUsers tag: local users, role assignment, personal agent settings. */
import { eq, inArray } from "drizzle-orm";
import { hashPassword } from "../../auth/password";
import { auditedChange, type Tx } from "../../admin/audit";
import { assertValid } from "../../admin/context";
import { parseListQuery, sendPage } from "../../admin/listQuery";
import { identities, userRoleAssignments, userRoles, users } from "../../db/schema";
import { problem, type FieldErrors } from "../../http/problem";
import type { HandlerContext, Handlers } from "../../http/types";
import { lockAdminRole, refuseLosingLastAdmin } from "./adminGuard";
import { refuseDeletingSharedAgentOwner } from "./deleteGuard";
import { listUserGroups } from "./userGroups";
import { adminUser, listAdminUsers, loadUser, userListSpec, userNameTaken, type AdminUser } from "./userRecords";
import { requireUser } from "../../http/requireUser";

type Params = { userId: string };
const LOCAL = "local";

async function checkedRoles(tx: Tx, ids: string[] | undefined, errors: FieldErrors): Promise<string[] | undefined> {
  if (ids === undefined) return undefined;
  const found = ids.length
    ? await tx.select({ id: userRoles.userRoleId }).from(userRoles).where(inArray(userRoles.userRoleId, ids))
    : [];
  if (found.length !== ids.length) errors.userRoleIds = ["names a role that does not exist"];
  return ids;
}

async function assignRoles(tx: Tx, userId: string, roleIds: string[]): Promise<void> {
  await tx.delete(userRoleAssignments).where(eq(userRoleAssignments.userId, userId));
  if (roleIds.length)
    await tx.insert(userRoleAssignments).values(roleIds.map((userRoleId) => ({ userId, userRoleId })));
}

function profile(body: AdminUser, errors: FieldErrors) {
  const displayName = body.displayName.trim();
  if (!displayName) errors.displayName = ["is required"];
  return {
    displayName,
    ...(body.email !== undefined ? { email: body.email?.trim() || null } : {}),
    ...(body.isDisabled !== undefined ? { isDisabled: body.isDisabled } : {}),
    ...(body.isBannedFromCreatingAgents !== undefined
      ? { isBannedFromCreatingAgents: body.isBannedFromCreatingAgents }
      : {}),
    ...(body.isBannedFromSharingAgents !== undefined
      ? { isBannedFromSharingAgents: body.isBannedFromSharingAgents }
      : {}),
  };
}

/**
 * A new password ends the user's sessions: tokens issued before now are refused; for an
 * administrator's own account, but the one of this session (their other sessions end, this one goes
 * on, as after a password change elsewhere).
 */
function sessionsEndedByNewPassword(ctx: HandlerContext, userId: string) {
  const caller = requireUser(ctx);
  return { tokensValidAfter: new Date(), keptTokenId: caller.userId === userId ? (caller.tokenId ?? null) : null };
}

/** The audit records that a password was set (as [redacted]), never the password or its hash. */
const withPassword = (record: AdminUser, password: string | undefined) =>
  password === undefined ? record : { ...record, password };

export const adminUsersHandlers: Handlers = {
  async listAdminUsers(request, reply, ctx) {
    const list = parseListQuery(request.query, userListSpec);
    const { total, rows } = await listAdminUsers(ctx.deps.database.db, list);
    return sendPage(reply, "users", list, total, rows);
  },

  async getAdminUser(request, _reply, ctx) {
    return adminUser(ctx.deps.database.db, (request.params as Params).userId);
  },

  async listAdminUserGroups(request, _reply, ctx) {
    const { database, config, log } = ctx.deps;
    return listUserGroups(database.db, config, log, (request.params as Params).userId);
  },

  async createAdminUser(request, reply, ctx) {
    const body = request.body as AdminUser;
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
    const created = await auditedChange(ctx, async (tx, audit) => {
      const errors: FieldErrors = {};
      if (await userNameTaken(tx, body.userName)) errors.userName = ["is already taken"];
      if (!passwordHash) errors.password = ["is required for a new local user"];
      const values = profile(body, errors);
      const [defaultRole] = await tx
        .select({ id: userRoles.userRoleId })
        .from(userRoles)
        .where(eq(userRoles.name, "user"));
      // Without an explicit choice a new user gets the built-in user role, as a signed-in user from the identity provider does.
      const roleIds = (await checkedRoles(tx, body.userRoleIds, errors)) ?? (defaultRole ? [defaultRole.id] : []);
      assertValid(errors);
      const [row] = await tx
        .insert(users)
        .values({ userName: body.userName, passwordHash, ...values })
        .returning();
      await tx.insert(identities).values({ userId: row!.userId, provider: LOCAL, subject: body.userName });
      await assignRoles(tx, row!.userId, roleIds);
      const after = await adminUser(tx, row!.userId);
      await audit({
        entityType: "User",
        entityId: row!.userId,
        operation: "Create",
        after: withPassword(after, body.password),
      });
      return after;
    });
    reply.code(201);
    return created;
  },

  async updateAdminUser(request, _reply, ctx) {
    const { userId } = request.params as Params;
    const body = request.body as AdminUser;
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
    return auditedChange(ctx, async (tx, audit) => {
      const current = await loadUser(tx, userId);
      const errors: FieldErrors = {};
      if (body.userName !== current.userName) errors.userName = ["cannot be changed"];
      const values = profile(body, errors);
      const roleIds = await checkedRoles(tx, body.userRoleIds, errors);
      assertValid(errors);
      const before = await adminUser(tx, userId);
      const adminRoleId = await lockAdminRole(tx);
      const staysAdmin =
        (roleIds ?? before.userRoleIds ?? []).includes(adminRoleId) && !(values.isDisabled ?? current.isDisabled);
      await refuseLosingLastAdmin(tx, current, staysAdmin);
      // A new password also lifts a lockout: the administrator has just vouched for the account. It
      // ends the sessions of whoever knew the old one.
      const password = passwordHash
        ? { passwordHash, failedSignInCount: 0, lockedUntil: null, ...sessionsEndedByNewPassword(ctx, userId) }
        : {};
      await tx
        .update(users)
        .set({ ...values, ...password })
        .where(eq(users.userId, userId));
      if (passwordHash)
        await tx
          .insert(identities)
          .values({ userId, provider: LOCAL, subject: current.userName })
          .onConflictDoNothing();
      if (roleIds) await assignRoles(tx, userId, roleIds);
      const after = await adminUser(tx, userId);
      await audit({
        entityType: "User",
        entityId: userId,
        operation: "Update",
        before,
        after: withPassword(after, body.password),
      });
      return after;
    });
  },

  async deleteAdminUser(request, _reply, ctx) {
    const { userId } = request.params as Params;
    if (userId === requireUser(ctx).userId) throw problem(409, "Conflict", "You cannot delete your own account.");
    return auditedChange(ctx, async (tx, audit) => {
      const current = await loadUser(tx, userId);
      await refuseLosingLastAdmin(tx, current, false);
      await refuseDeletingSharedAgentOwner(tx, current);
      const before = await adminUser(tx, userId);
      await tx.delete(users).where(eq(users.userId, userId));
      await audit({ entityType: "User", entityId: userId, operation: "Delete", before });
      return before;
    });
  },
};

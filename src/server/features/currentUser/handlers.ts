/** The signed-in user and what they may do (tag currentUser). */
import { findUserById, resolveActions, rolesOfUser } from "../../db/users";
import { HttpProblem } from "../../http/problem";
import { requireUser } from "../../http/requireUser";
import type { Handlers } from "../../http/types";
import { consentedDocumentIds } from "../guidelines/handlers";

export const currentUserHandlers: Handlers = {
  async getCurrentUserDetails(_request, _reply, ctx) {
    const caller = requireUser(ctx);
    const user = await findUserById(ctx.deps.database.db, caller.userId);
    if (!user) throw new HttpProblem(401, "Unauthorized", "A valid product token is required.");
    return {
      userId: user.userId,
      userName: user.userName,
      displayName: user.displayName,
      email: user.email,
      identityProvider: caller.identityProvider,
      personalAgentSettings: {
        isBannedFromCreatingAgents: user.isBannedFromCreatingAgents,
        isBannedFromSharingAgents: user.isBannedFromSharingAgents,
      },
      guidelinesDocumentConsent: await consentedDocumentIds(ctx.deps.database.db, user.userId),
    };
  },

  async getCurrentUserRolesWithResolvedActions(_request, _reply, ctx) {
    const roles = await rolesOfUser(ctx.deps.database.db, requireUser(ctx).userId);
    return {
      roles: roles.map((role) => ({ userRoleId: role.userRoleId, name: role.name, actions: role.actions })),
      resolvedActions: resolveActions(roles),
    };
  },
};

/** The signed-in user and what they may do (tag currentUser). */
import { findUserById, resolveActions, rolesOfUser } from "../../db/users";
import { HttpProblem } from "../../http/problem";
import type { AuthenticatedUser, HandlerContext, Handlers } from "../../http/types";

/** Every currentUser operation requires a token, so the auth hook has always set the user. */
function signedIn(ctx: HandlerContext): AuthenticatedUser {
  if (!ctx.user) throw new HttpProblem(401, "Unauthorized", "A valid product token is required.");
  return ctx.user;
}

export const currentUserHandlers: Handlers = {
  async getCurrentUserDetails(_request, _reply, ctx) {
    const caller = signedIn(ctx);
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
    };
  },

  async getCurrentUserRolesWithResolvedActions(_request, _reply, ctx) {
    const roles = await rolesOfUser(ctx.deps.database.db, signedIn(ctx).userId);
    return {
      roles: roles.map((role) => ({ userRoleId: role.userRoleId, name: role.name, actions: role.actions })),
      resolvedActions: resolveActions(roles),
    };
  },
};

/** Handlers of the cloudGroups tag: the identity provider's groups, for chat access policies. */
import { GraphError } from "../../identity/graphGroups";
import { problem } from "../../http/problem";
import type { Handlers } from "../../http/types";
import { listDirectoryGroups } from "./groupDirectory";
import { graphOptions } from "./graphOptions";

export const cloudGroupsHandlers: Handlers = {
  async listAdminCloudGroups(request, _reply, ctx) {
    const options = await graphOptions(ctx.deps.database.db, ctx.deps.config);
    if (!options)
      throw problem(
        409,
        "Conflict",
        "Microsoft Entra ID is not configured: set its tenant and client id in the instance settings and ENTRA_ID_CLIENT_SECRET on the server.",
      );
    let groups;
    try {
      groups = await listDirectoryGroups(ctx.deps.database.db, options);
    } catch (error) {
      if (!(error instanceof GraphError) && !(error instanceof TypeError)) throw error;
      ctx.deps.log.warn({ reason: error.message }, "Microsoft Graph groups failed");
      throw problem(502, "Bad Gateway", "Microsoft Graph did not answer with the groups.");
    }
    const search = ((request.query as { search?: string }).search ?? "").trim().toLowerCase();
    return search ? groups.filter((group) => group.displayName.toLowerCase().startsWith(search)) : groups;
  },
};

/** A user's identity-provider groups for the admin profile, named where the provider can tell. */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { userGroups } from "../../db/adminSchema";
import { sortGroups, type CloudGroup } from "../../identity/graphGroups";
import { directoryGroups } from "../cloudGroups/groupDirectory";
import { loadUser } from "./userRecords";

export async function listUserGroups(
  db: Db,
  config: Pick<Config, "entraIdClientSecret" | "graphBaseUrl" | "entraIdTokenUrl">,
  log: FastifyBaseLogger,
  userId: string,
): Promise<CloudGroup[]> {
  await loadUser(db, userId);
  const rows = await db
    .select({ id: userGroups.groupId, displayName: userGroups.displayName })
    .from(userGroups)
    .where(eq(userGroups.userId, userId));
  // Groups read from the token's claim carry ids only: look their names up only then.
  let directory = new Map<string, CloudGroup>();
  if (rows.some((row) => !row.displayName))
    directory = await directoryGroups(db, config).catch((error: Error) => {
      // The profile still shows the ids when Graph is down.
      log.warn({ reason: error.message }, "Microsoft Graph group names not resolved");
      return new Map<string, CloudGroup>();
    });
  return sortGroups(
    rows.map((row) => {
      const known = directory.get(row.id);
      return {
        id: row.id,
        displayName: row.displayName || known?.displayName || "",
        description: known?.description ?? "",
      };
    }),
  );
}

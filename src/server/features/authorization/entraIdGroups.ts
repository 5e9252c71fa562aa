/**
 * The user's identity-provider groups, replaced at every Entra ID sign-in from
 * the token's `groups` claim (ids only). When the claim overflowed (Entra then
 * sends `_claim_names.groups` instead) and Graph is configured, the groups come
 * from Microsoft Graph with their names.
 */
import { eq } from "drizzle-orm";
import type { JWTPayload } from "jose";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { userGroups } from "../../db/adminSchema";
import { listGraphUserGroups } from "../../identity/graphGroups";
import { graphOptions } from "../cloudGroups/graphOptions";

export type TokenGroups = { kind: "ids"; ids: string[] } | { kind: "overage" } | { kind: "absent" };

export function groupsFromClaims(payload: JWTPayload): TokenGroups {
  const groups = payload.groups;
  if (Array.isArray(groups))
    return { kind: "ids", ids: [...new Set(groups.filter((g): g is string => typeof g === "string" && g !== ""))] };
  const claimNames = payload._claim_names as Record<string, unknown> | undefined;
  if (claimNames && typeof claimNames === "object" && "groups" in claimNames) return { kind: "overage" };
  return { kind: "absent" };
}

async function replaceGroups(db: Db, userId: string, groups: { groupId: string; displayName: string }[]) {
  await db.transaction(async (tx) => {
    await tx.delete(userGroups).where(eq(userGroups.userId, userId));
    if (groups.length) await tx.insert(userGroups).values(groups.map((g) => ({ userId, ...g })));
  });
}

/** A token without any groups information (the app emits no groups claim) leaves the stored set as it is. */
export async function storeSignInGroups(
  db: Db,
  config: Pick<Config, "entraIdClientSecret" | "graphBaseUrl" | "entraIdTokenUrl">,
  userId: string,
  objectId: string,
  groups: TokenGroups,
): Promise<void> {
  if (groups.kind === "ids")
    return replaceGroups(
      db,
      userId,
      groups.ids.map((groupId) => ({ groupId, displayName: "" })),
    );
  if (groups.kind === "absent") return;
  const options = await graphOptions(db, config);
  if (!options) return;
  const found = await listGraphUserGroups(options, objectId);
  await replaceGroups(
    db,
    userId,
    found.map((g) => ({ groupId: g.id, displayName: g.displayName })),
  );
}

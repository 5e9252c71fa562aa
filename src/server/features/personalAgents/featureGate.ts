/** Spec §6: the AllowUserCreatedGptSystems feature flag governs personal agents and their moderation. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { featureFlags } from "../../db/schema";
import { problem } from "../../http/problem";

export const PERSONAL_AGENTS_FLAG = "AllowUserCreatedGptSystems";

type Queryable = Pick<Db, "select">;

export async function personalAgentsEnabled(db: Queryable): Promise<boolean> {
  const [flag] = await db.select().from(featureFlags).where(eq(featureFlags.name, PERSONAL_AGENTS_FLAG));
  return flag?.enabled ?? false;
}

/** 404 while the flag is off: like the routes on the client, the operations do not exist then. */
export async function assertPersonalAgentsEnabled(db: Queryable): Promise<void> {
  if (!(await personalAgentsEnabled(db)))
    throw problem(404, "Not Found", "Personal agents are not enabled on this instance.");
}

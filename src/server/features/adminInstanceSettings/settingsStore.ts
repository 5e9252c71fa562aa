/** Instance settings documents (instance_settings rows) read with defaults and written whole. */
import { eq } from "drizzle-orm";
import type { Tx } from "../../admin/audit";
import type { Db } from "../../db/client";
import { instanceSettings } from "../../db/schema";

type Queryable = Pick<Db, "select">;

export async function readSetting<T extends object>(db: Queryable, key: string, defaults: T): Promise<T> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, key));
  return { ...defaults, ...((row?.value as Partial<T> | undefined) ?? {}) };
}

export async function writeSetting(tx: Tx, key: string, value: object): Promise<void> {
  await tx
    .insert(instanceSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: new Date() } });
}
